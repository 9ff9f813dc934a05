/**
 * The payment-provider interface. The shop's server steps (create, capture, refund,
 * webhooks) are written against it once; PayPal and the demo provider plug in.
 * Amounts are plain numbers in dollars; providers format them for the wire.
 */
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";

export type ProviderName = "paypal" | "demo";

export interface ProviderOrderItem {
  name: string;
  quantity: number;
  unitAmount: number;
  /** Digital goods need no shipping address at PayPal. */
  kind: "digital" | "physical";
}

export interface CreateProviderOrderInput {
  /** Our order id: sent as the purchase unit's custom_id, so webhooks can find the order. */
  orderId: string;
  currency: "USD";
  /** What the buyer pays: the items' total less the discount, plus shipping. */
  total: number;
  /** A discount code's amount, shown beside the items (item total − discount = total). */
  discount?: number;
  /** Shipping for the physical items (item total − discount + shipping = total). */
  shipping?: number;
  items: ProviderOrderItem[];
  description: string;
  /**
   * Physical goods: the address the buyer gave in the checkout drawer, its country the
   * one shipping was charged for (an ISO code). PayPal is then asked to ship there and
   * not to let its buyer pick another address; without one PayPal asks its buyer.
   */
  shippingAddress?: ShippingAddress | null;
}

export interface ProviderCapture {
  id: string;
  /** COMPLETED, PENDING, DECLINED, REFUNDED, PARTIALLY_REFUNDED, FAILED … */
  status: string;
  amount: number | null;
  currency: string | null;
}

/** An order as the provider reports it (create, get and capture answers). */
export interface ProviderOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  /** payer.email_address, else payment_source.*.email_address; null when absent. */
  payerEmail: string | null;
  /** Where the buyer asked physical goods to go (PayPal's purchase unit); null when none. */
  shippingAddress: ShippingAddress | null;
  captures: ProviderCapture[];
}

export type CaptureOutcome =
  | { kind: "captured"; order: ProviderOrder; capture: ProviderCapture }
  /** The capture exists but the money has not moved yet (e.g. an eCheck): a webhook follows. */
  | { kind: "pending"; order: ProviderOrder; capture: ProviderCapture }
  /** The buyer's funding source was refused; the buyer may try again with another. */
  | { kind: "declined"; message: string };

export interface RefundResult {
  id: string;
  status: string;
}

/** The signature headers a webhook delivery arrives with (names lower-cased). */
export type WebhookHeaders = Record<string, string | undefined>;

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(input: CreateProviderOrderInput): Promise<ProviderOrder>;
  /**
   * Captures an approved order. `requestId` is sent as PayPal-Request-Id: a retry with
   * the same id returns the first answer instead of charging again.
   */
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
  getOrder(orderId: string): Promise<ProviderOrder>;
  refundCapture(captureId: string, requestId: string, note: string): Promise<RefundResult>;
  /** True only when the provider confirms the delivery is genuine. */
  verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
}

/** A provider call that failed: network, timeout, or an error answer. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly details: {
      status?: number;
      /** PayPal's error name, e.g. UNPROCESSABLE_ENTITY. */
      name?: string;
      /** PayPal's first detail issue, e.g. ORDER_ALREADY_CAPTURED. */
      issue?: string;
      debugId?: string;
      /** No answer at all (network down, timeout): nothing is known about the request. */
      unreachable?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
