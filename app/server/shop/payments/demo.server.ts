/**
 * The demo provider: used when no PayPal credentials are configured. The shop takes
 * exactly the same server steps (re-pricing, stock holds, the pending order, capture,
 * recording, download links); only the provider answers locally and no money moves.
 * It keeps no state: a demo order id carries everything a capture needs.
 */
import crypto from "node:crypto";
import {
  PaymentProviderError,
  type CaptureOutcome,
  type CreateProviderOrderInput,
  type PaymentProvider,
  type ProviderOrder,
  type RefundResult,
} from "./types.server";

export const DEMO_ORDER_PREFIX = "DEMO-";

const isDemoOrderId = (id: string) => /^DEMO-[A-F0-9]{20}$/.test(id);

export class DemoProvider implements PaymentProvider {
  readonly name = "demo" as const;

  async createOrder(_input: CreateProviderOrderInput): Promise<ProviderOrder> {
    const id = `${DEMO_ORDER_PREFIX}${crypto.randomBytes(10).toString("hex").toUpperCase()}`;
    return { id, status: "CREATED", payerEmail: null, shippingAddress: null, captures: [] };
  }

  async captureOrder(orderId: string, _requestId: string): Promise<CaptureOutcome> {
    if (!isDemoOrderId(orderId)) throw new PaymentProviderError(`Not a demo order: ${orderId}`);
    // The same order always yields the same capture, like a PayPal-Request-Id replay.
    const capture = {
      id: `DEMO-CAPTURE-${orderId.slice(DEMO_ORDER_PREFIX.length)}`,
      status: "COMPLETED",
      amount: null,
      currency: "USD",
    };
    return {
      kind: "captured",
      order: {
        id: orderId,
        status: "COMPLETED",
        payerEmail: null,
        shippingAddress: null,
        captures: [capture],
      },
      capture,
    };
  }

  async getOrder(orderId: string): Promise<ProviderOrder> {
    if (!isDemoOrderId(orderId)) throw new PaymentProviderError(`Not a demo order: ${orderId}`);
    // Nothing is ever charged before our own capture step runs.
    return {
      id: orderId,
      status: "APPROVED",
      payerEmail: null,
      shippingAddress: null,
      captures: [],
    };
  }

  async refundCapture(captureId: string): Promise<RefundResult> {
    return { id: `DEMO-REFUND-${captureId.replace(/^DEMO-CAPTURE-/, "")}`, status: "COMPLETED" };
  }

  /** The demo provider sends no webhooks, so any delivery is a forgery. */
  async verifyWebhook(): Promise<boolean> {
    return false;
  }
}
