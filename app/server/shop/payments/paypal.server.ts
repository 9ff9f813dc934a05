/**
 * PayPal Orders v2 on the server: OAuth client credentials (token cached until shortly
 * before it expires), create with intent CAPTURE in USD, capture with a
 * PayPal-Request-Id, refunds, and webhook signature verification through PayPal's API.
 * Every call has a timeout and fails with a PaymentProviderError that says what went wrong.
 */
import { discountedBreakdown } from "~/domain/shop/discounts/discount-code";
import { roundMoney } from "~/domain/core/money";
import { logger } from "../../core/logger.server";
import {
  describeError,
  formatAmount,
  isVerificationSuccess,
  parseErrorBody,
  parseOrder,
  paypalShipping,
  primaryCapture,
  verificationRequestBody,
} from "./paypal-parse.server";
import {
  PaymentProviderError,
  type CaptureOutcome,
  type CreateProviderOrderInput,
  type PaymentProvider,
  type ProviderOrder,
  type RefundResult,
  type WebhookHeaders,
} from "./types.server";

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a local stand-in). */
  apiBase: string;
  /** Without it no webhook can be verified, so every delivery is refused. */
  webhookId?: string;
  timeoutMs?: number;
}

/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 15_000;

/** Issues a buyer can fix by choosing another funding source (PayPal's guidance). */
const DECLINE_ISSUES = new Set(["INSTRUMENT_DECLINED", "PAYER_ACTION_REQUIRED"]);

export class PayPalProvider implements PaymentProvider {
  readonly name = "paypal" as const;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: PayPalConfig) {
    this.base = config.apiBase.replace(/\/+$/, "");
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async createOrder(input: CreateProviderOrderInput): Promise<ProviderOrder> {
    const currency = input.currency;
    const shipsGoods = input.items.some((item) => item.kind === "physical");
    const discount = input.discount ?? 0;
    const shipping = roundMoney(input.shipping ?? 0);
    const breakdown = discountedBreakdown(roundMoney(input.total + discount - shipping), discount);
    const amount = roundMoney(breakdown.amount + shipping);
    // Something posted: to the address the buyer gave us (PayPal shows it and does not
    // let it change), else PayPal asks its buyer; the server checks the country before
    // capture either way (decision 039).
    const shipTo = paypalShipping(shipsGoods, input.shippingAddress);
    const body = {
      intent: "CAPTURE",
      // application_context (not payment_source.paypal.experience_context) because the
      // buttons may also fund the order with a card.
      application_context: { shipping_preference: shipTo.preference },
      purchase_units: [
        {
          reference_id: "default",
          custom_id: input.orderId,
          description: input.description.slice(0, 127),
          ...(shipTo.shipping ? { shipping: shipTo.shipping } : {}),
          amount: {
            currency_code: currency,
            value: formatAmount(amount),
            breakdown: {
              item_total: { currency_code: currency, value: formatAmount(breakdown.itemTotal) },
              ...(shipping > 0
                ? { shipping: { currency_code: currency, value: formatAmount(shipping) } }
                : {}),
              // PayPal checks item_total + shipping − discount = value.
              ...(breakdown.discount > 0
                ? { discount: { currency_code: currency, value: formatAmount(breakdown.discount) } }
                : {}),
            },
          },
          items: input.items.map((item) => ({
            name: item.name.slice(0, 127),
            quantity: String(item.quantity),
            unit_amount: { currency_code: currency, value: formatAmount(item.unitAmount) },
            category: item.kind === "digital" ? "DIGITAL_GOODS" : "PHYSICAL_GOODS",
          })),
        },
      ],
    };
    const { status, json } = await this.request("POST", "/v2/checkout/orders", {
      body: JSON.stringify(body),
      // The same id on a retried create returns the first order instead of a second one.
      requestId: `create-${input.orderId}`,
    });
    if (status !== 200 && status !== 201) throw this.failure("create order", status, json);
    return this.order(json, "create order");
  }

  async captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome> {
    const { status, json } = await this.request(
      "POST",
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      { body: "{}", requestId },
    );
    if (status === 200 || status === 201) {
      const order = this.order(json, "capture");
      return this.captureOutcome(order);
    }
    const error = parseErrorBody(json);
    if (status === 422 && error.issue === "ORDER_ALREADY_CAPTURED") {
      // Captured before (another tab, a retry with a lost answer): read what happened.
      logger.info({ orderId }, "PayPal order already captured; reading it");
      return this.captureOutcome(await this.getOrder(orderId));
    }
    if (status === 422 && error.issue && DECLINE_ISSUES.has(error.issue)) {
      return { kind: "declined", message: error.description ?? error.issue };
    }
    throw this.failure("capture", status, json);
  }

  async getOrder(orderId: string): Promise<ProviderOrder> {
    const { status, json } = await this.request(
      "GET",
      `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
    );
    if (status !== 200) throw this.failure("read order", status, json);
    return this.order(json, "read order");
  }

  async refundCapture(captureId: string, requestId: string, note: string): Promise<RefundResult> {
    const { status, json } = await this.request(
      "POST",
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      { body: JSON.stringify({ note_to_payer: note.slice(0, 255) }), requestId },
    );
    if (status !== 200 && status !== 201) throw this.failure("refund", status, json);
    const refund = json as { id?: unknown; status?: unknown };
    if (typeof refund.id !== "string" || typeof refund.status !== "string") {
      throw new PaymentProviderError("PayPal refund: unexpected answer");
    }
    return { id: refund.id, status: refund.status };
  }

  async verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<boolean> {
    if (!this.config.webhookId) {
      logger.warn("PayPal webhook refused: PAYPAL_WEBHOOK_ID is not set");
      return false;
    }
    const body = verificationRequestBody(headers, rawBody, this.config.webhookId);
    if (!body) return false;
    const { status, json } = await this.request(
      "POST",
      "/v1/notifications/verify-webhook-signature",
      { body },
    );
    if (status !== 200) throw this.failure("verify webhook", status, json);
    return isVerificationSuccess(json);
  }

  // -------------------------------------------------------------------------

  private captureOutcome(order: ProviderOrder): CaptureOutcome {
    const capture = primaryCapture(order);
    if (!capture) throw new PaymentProviderError(`PayPal order ${order.id} has no capture`);
    if (capture.status === "COMPLETED") return { kind: "captured", order, capture };
    if (capture.status === "PENDING") return { kind: "pending", order, capture };
    if (capture.status === "DECLINED" || capture.status === "FAILED") {
      return { kind: "declined", message: `The payment was ${capture.status.toLowerCase()}` };
    }
    throw new PaymentProviderError(
      `PayPal capture ${capture.id} has status ${capture.status}, not COMPLETED`,
    );
  }

  private order(json: unknown, what: string): ProviderOrder {
    const order = parseOrder(json);
    if (!order) throw new PaymentProviderError(`PayPal ${what}: unexpected answer`);
    return order;
  }

  private failure(what: string, status: number, json: unknown): PaymentProviderError {
    const error = parseErrorBody(json);
    return new PaymentProviderError(`PayPal ${what} failed: ${describeError(status, error)}`, {
      status,
      name: error.name ?? undefined,
      issue: error.issue ?? undefined,
      debugId: error.debugId ?? undefined,
    });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    // Parallel requests share one token request.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString(
      "base64",
    );
    const { status, json } = await this.send("POST", "/v1/oauth2/token", {
      Authorization: `Basic ${basic}`,
      "Content-Type": "application/x-www-form-urlencoded",
      body: "grant_type=client_credentials",
    });
    const token = json as { access_token?: unknown; expires_in?: unknown };
    if (status !== 200 || typeof token.access_token !== "string") {
      throw this.failure(
        "authentication (check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)",
        status,
        json,
      );
    }
    const lifetimeMs = (typeof token.expires_in === "number" ? token.expires_in : 300) * 1000;
    this.token = {
      value: token.access_token,
      expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS),
    };
    return token.access_token;
  }

  private async request(
    method: "GET" | "POST",
    path: string,
    options: { body?: string; requestId?: string } = {},
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await this.accessToken()}`,
      Accept: "application/json",
    };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    if (options.requestId) headers["PayPal-Request-Id"] = options.requestId;
    if (method === "POST" && path.startsWith("/v2/")) headers.Prefer = "return=representation";
    const result = await this.send(method, path, { ...headers, body: options.body });
    if (result.status === 401) {
      // The token was revoked or expired early: one fresh token, one retry.
      this.token = null;
      headers.Authorization = `Bearer ${await this.accessToken()}`;
      return this.send(method, path, { ...headers, body: options.body });
    }
    return result;
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    { body, ...headers }: Record<string, string | undefined>,
  ): Promise<{ status: number; json: unknown }> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: headers as Record<string, string>,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new PaymentProviderError(
        timedOut
          ? `PayPal did not answer within ${this.timeoutMs / 1000} s (${method} ${path})`
          : `PayPal could not be reached (${method} ${path}): ${error instanceof Error ? error.message : String(error)}`,
        { unreachable: true },
      );
    }
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = { message: text.slice(0, 200) };
      }
    }
    return { status, json };
  }
}
