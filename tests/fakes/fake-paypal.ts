/**
 * A local stand-in for PayPal: the REST API the server calls (OAuth client
 * credentials, Orders v2, Payments v2 refunds, webhook signature verification) and the
 * JS SDK the browser loads (window.paypal.Buttons). It answers with PayPal's shapes,
 * status codes and error issues, so the real PayPal code path runs unchanged against it.
 *
 * What it does not do: real money, real buyers, a popup. A buyer "approves" through a
 * test hook; the SDK stand-in renders a plain <button> that does the same. Like PayPal,
 * an approved order carries a shipping address in its purchase unit unless it was
 * created with shipping_preference NO_SHIPPING: the one it was created with
 * (purchase_units[].shipping, which SET_PROVIDED_ADDRESS requires and the buyer cannot
 * change), else the approving buyer's own (FAKE_SHIPPING, in the US, unless a test sets
 * another, or none).
 *
 * Test hooks, in process (the returned object) and over HTTP under /__test/ (for the
 * browser suite, whose tests run in another process than the one that started it):
 *   POST /__test/buyer-action   {action: "approve"|"cancel"|"error"}  what the next SDK click does
 *   POST /__test/approve/:id    {email?, shipping?}                    a buyer approves an order (shipping: their address, or null for none)
 *   POST /__test/buyer-shipping {shipping?}                            the address of every later buyer (null: none; absent: FAKE_SHIPPING again)
 *   POST /__test/capture-now/:id                                       money moves without our server seeing it
 *   POST /__test/refund-now/:captureId                                 the merchant refunds in PayPal's dashboard
 *   POST /__test/decline-next-capture                                  the next capture answers INSTRUMENT_DECLINED
 *   POST /__test/sdk-failures   {loads?, renders?}                     the next N SDK loads / renders fail
 *   POST /__test/webhook        {type, orderId}                        a signed event: {headers, body} to POST to the app
 *   GET  /__test/state                                                 orders, capture calls, captures, refunds
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
}

type OrderStatus = "CREATED" | "APPROVED" | "COMPLETED";

interface Money {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  orderId: string;
  status: "COMPLETED" | "DECLINED" | "REFUNDED";
  amount: Money;
  customId: string | null;
  createTime: string;
}

export interface FakeRefund {
  id: string;
  captureId: string;
  amount: Money;
  requestId: string | null;
  note: string | null;
}

export interface FakeOrder {
  id: string;
  status: OrderStatus;
  intent: string;
  /** application_context or payment_source.paypal.experience_context; PayPal's default is GET_FROM_FILE. */
  shippingPreference: string;
  purchaseUnit: Record<string, unknown> & { amount: Money; custom_id?: string };
  /** purchase_units[0].shipping as the order was created, when it had an address. */
  providedShipping: FakeShipping | null;
  /** Where the parcel goes, fixed when the buyer approves; null: no address. */
  shipping: FakeShipping | null;
  payer: { email: string; payerId: string } | null;
  capture: FakeCapture | null;
  createTime: string;
}

/** A purchase unit's shipping block (Orders v2 shape). */
export interface FakeShipping {
  name?: { full_name?: string };
  address?: {
    address_line_1?: string;
    address_line_2?: string;
    admin_area_2?: string;
    admin_area_1?: string;
    postal_code?: string;
    country_code?: string;
  };
}

export interface CaptureCall {
  orderId: string;
  requestId: string | null;
}

export type BuyerAction = "approve" | "cancel" | "error";

export type WebhookType =
  "PAYMENT.CAPTURE.COMPLETED" | "PAYMENT.CAPTURE.DENIED" | "PAYMENT.CAPTURE.REFUNDED";

export interface SignedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The JS SDK stand-in, for PAYPAL_SDK_URL. */
  sdkUrl: string;
  orders: Map<string, FakeOrder>;
  /** Every capture request received, including replays. */
  captureCalls: CaptureCall[];
  /** Captures that actually took money (one per order at most). */
  captures: FakeCapture[];
  refunds: FakeRefund[];
  tokenRequests: number;
  /** `shipping`: the buyer's own address for this approval (null: none); else the buyer's. */
  approve(orderId: string, email?: string, shipping?: FakeShipping | null): void;
  /** The address later buyers have on file; null: none; no argument: FAKE_SHIPPING again. */
  setBuyerShipping(shipping?: FakeShipping | null): void;
  captureNow(orderId: string): FakeCapture;
  refundNow(captureId: string): FakeRefund;
  declineNextCapture(): void;
  setBuyerAction(action: BuyerAction): void;
  failSdk(counts: { loads?: number; renders?: number }): void;
  webhook(type: WebhookType, orderId: string): SignedWebhook;
  /** Signs any body as PayPal would, for tests that build their own events. */
  sign(body: string): SignedWebhook;
  close(): Promise<void>;
}

export const FAKE_BUYER_EMAIL = "sandbox-buyer@paypal.example";

/** The shipping block the fake buyer's PayPal account gives (Orders v2 shape). */
export const FAKE_SHIPPING = {
  name: { full_name: "Sandy Buyer" },
  address: {
    address_line_1: "1 Main St",
    address_line_2: "Apt 4",
    admin_area_2: "San Jose",
    admin_area_1: "CA",
    postal_code: "95131",
    country_code: "US",
  },
} as const satisfies FakeShipping;

const id = (prefix = "", length = 17) =>
  prefix +
  crypto
    .randomBytes(length)
    .toString("base64")
    .replace(/[^A-Z0-9]/gi, "")
    .toUpperCase()
    .slice(0, length);

const now = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? "fake-client-id";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const webhookId = options.webhookId ?? "FAKEWEBHOOK123";
  const signingKey = crypto.randomBytes(32);
  const tokens = new Set<string>();
  /** PayPal-Request-Id → the first answer, replayed on a retry. */
  const replays = new Map<string, { status: number; body: unknown }>();
  /** transmission id → the signature and body it was issued for. */
  const issued = new Map<string, { sig: string; body: string }>();
  /**
   * What a buyer's next clicks, SDK loads and address are, per visitor: one stand-in
   * serves the browser-test files of both workers at once, and each file is a visitor of
   * its own (its X-Forwarded-For, tests/e2e/client-address.ts), so one file's queued
   * "cancel" is never used up by another file's click. In-process callers are "".
   */
  interface Buyer {
    actions: BuyerAction[];
    sdkFailures: { loads: number; renders: number };
    shipping: FakeShipping | null;
  }
  const buyers = new Map<string, Buyer>();
  const buyerOf = (visitor: string): Buyer => {
    let buyer = buyers.get(visitor);
    if (!buyer) {
      buyer = { actions: [], sdkFailures: { loads: 0, renders: 0 }, shipping: FAKE_SHIPPING };
      buyers.set(visitor, buyer);
    }
    return buyer;
  };
  const visitorOf = (req: http.IncomingMessage) => String(req.headers["x-forwarded-for"] ?? "");
  let declineNext = false;
  let base = "";

  const fake = {
    clientId,
    clientSecret,
    webhookId,
    orders: new Map<string, FakeOrder>(),
    captureCalls: [] as CaptureCall[],
    captures: [] as FakeCapture[],
    refunds: [] as FakeRefund[],
    tokenRequests: 0,
  };

  const links = (order: FakeOrder) => [
    { href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
    { href: `${base}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" },
    { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" },
  ];

  const captureJson = (c: FakeCapture) => ({
    id: c.id,
    status: c.status,
    amount: c.amount,
    final_capture: true,
    custom_id: c.customId ?? undefined,
    seller_protection: { status: "ELIGIBLE" },
    supplementary_data: { related_ids: { order_id: c.orderId } },
    create_time: c.createTime,
    update_time: c.createTime,
    links: [
      { href: `${base}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${c.id}/refund`, rel: "refund", method: "POST" },
      { href: `${base}/v2/checkout/orders/${c.orderId}`, rel: "up", method: "GET" },
    ],
  });

  const orderJson = (order: FakeOrder) => ({
    id: order.id,
    intent: order.intent,
    status: order.status,
    create_time: order.createTime,
    ...(order.payer
      ? {
          payer: {
            email_address: order.payer.email,
            payer_id: order.payer.payerId,
            name: { given_name: "Test", surname: "Buyer" },
          },
          payment_source: {
            paypal: { email_address: order.payer.email, account_id: order.payer.payerId },
          },
        }
      : {}),
    purchase_units: [
      {
        ...order.purchaseUnit,
        // Once approved, the address the parcel goes to (none for digital orders).
        shipping: order.payer
          ? (order.shipping ?? undefined)
          : (order.providedShipping ?? undefined),
        ...(order.capture ? { payments: { captures: [captureJson(order.capture)] } } : {}),
      },
    ],
    links: links(order),
  });

  const problem = (status: number, name: string, issue: string, description: string) => ({
    status,
    body: {
      name,
      message:
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
      debug_id: id("", 13).toLowerCase(),
      details: [{ issue, description }],
    },
  });

  function approve(
    orderId: string,
    email = FAKE_BUYER_EMAIL,
    shipping: FakeShipping | null | undefined = undefined,
    buyer: Buyer = buyerOf(""),
  ) {
    const order = fake.orders.get(orderId);
    if (!order) throw new Error(`Fake PayPal: no order ${orderId}`);
    if (order.status === "CREATED") order.status = "APPROVED";
    order.payer = { email, payerId: id("", 13) };
    // As PayPal: the address the order was created with, else the buyer's own.
    order.shipping =
      order.shippingPreference === "NO_SHIPPING"
        ? null
        : (order.providedShipping ?? (shipping === undefined ? buyer.shipping : shipping));
  }

  function takeMoney(order: FakeOrder): FakeCapture {
    const capture: FakeCapture = {
      id: id("", 17),
      orderId: order.id,
      status: "COMPLETED",
      amount: order.purchaseUnit.amount,
      customId: order.purchaseUnit.custom_id ?? null,
      createTime: now(),
    };
    order.capture = capture;
    order.status = "COMPLETED";
    fake.captures.push(capture);
    return capture;
  }

  function captureNow(orderId: string): FakeCapture {
    const order = fake.orders.get(orderId);
    if (!order) throw new Error(`Fake PayPal: no order ${orderId}`);
    if (!order.payer) approve(orderId);
    return order.capture ?? takeMoney(order);
  }

  function refundNow(
    captureId: string,
    requestId: string | null = null,
    note: string | null = null,
  ) {
    const capture = fake.captures.find((c) => c.id === captureId);
    if (!capture) throw new Error(`Fake PayPal: no capture ${captureId}`);
    capture.status = "REFUNDED";
    const refund: FakeRefund = {
      id: id("", 17),
      captureId,
      amount: capture.amount,
      requestId,
      note,
    };
    fake.refunds.push(refund);
    return refund;
  }

  const refundJson = (r: FakeRefund) => ({
    id: r.id,
    status: "COMPLETED",
    amount: r.amount,
    note_to_payer: r.note ?? undefined,
    custom_id: fake.captures.find((c) => c.id === r.captureId)?.customId ?? undefined,
    create_time: now(),
    links: [
      { href: `${base}/v2/payments/refunds/${r.id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${r.captureId}`, rel: "up", method: "GET" },
    ],
  });

  function sign(body: string): SignedWebhook {
    const transmissionId = crypto.randomUUID();
    const time = now();
    const digest = crypto.createHash("sha256").update(body).digest("hex");
    const sig = crypto
      .createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${digest}`)
      .digest("base64");
    issued.set(transmissionId, { sig, body });
    return {
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${base}/v1/notifications/certs/CERT-fake`,
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-sig": sig,
        "paypal-transmission-time": time,
      },
      body,
    };
  }

  function webhook(type: WebhookType, orderId: string): SignedWebhook {
    const order = fake.orders.get(orderId);
    if (!order) throw new Error(`Fake PayPal: no order ${orderId}`);
    let resource: unknown;
    if (type === "PAYMENT.CAPTURE.REFUNDED") {
      const capture = order.capture;
      const refund = capture && [...fake.refunds].reverse().find((r) => r.captureId === capture.id);
      if (!refund) throw new Error(`Fake PayPal: order ${orderId} has no refund`);
      resource = refundJson(refund);
    } else {
      const capture =
        order.capture ??
        ({
          id: id("", 17),
          orderId,
          status: "DECLINED",
          amount: order.purchaseUnit.amount,
          customId: order.purchaseUnit.custom_id ?? null,
          createTime: now(),
        } satisfies FakeCapture);
      resource = {
        ...captureJson(capture),
        status: type === "PAYMENT.CAPTURE.DENIED" ? "DECLINED" : capture.status,
      };
    }
    const event = {
      id: id("WH-", 24),
      event_version: "1.0",
      create_time: now(),
      resource_type: type === "PAYMENT.CAPTURE.REFUNDED" ? "refund" : "capture",
      resource_version: "2.0",
      event_type: type,
      summary: `Payment ${type.split(".").at(-1)!.toLowerCase()}`,
      resource,
      links: [],
    };
    return sign(JSON.stringify(event));
  }

  const sdkScript = () => `/* Fake PayPal JS SDK for tests: window.paypal.Buttons */
(function () {
  var origin = ${JSON.stringify(base)};
  function post(path) {
    return fetch(origin + path, { method: "POST" }).then(function (r) { return r.json(); });
  }
  function Buttons(options) {
    options = options || {};
    var style = options.style || {};
    var button = null;
    var actions = {
      restart: function () { return Promise.resolve(); },
      order: {
        get: function () { return Promise.reject(new Error("Fake PayPal: use the server")); },
        capture: function () { return Promise.reject(new Error("Fake PayPal: capture on the server")); }
      }
    };
    function pay() {
      button.disabled = true;
      Promise.resolve()
        .then(function () { return options.createOrder({ paymentSource: "paypal" }, actions); })
        .then(function (orderID) {
          if (!orderID) throw new Error("Expected an order id to be passed");
          return post("/__test/buyer/" + encodeURIComponent(orderID)).then(function (buyer) {
            if (buyer.action === "approve") {
              return options.onApprove({ orderID: orderID, payerID: buyer.payerID, paymentSource: "paypal", facilitatorAccessToken: "fake" }, actions);
            }
            if (buyer.action === "cancel") {
              if (options.onCancel) return options.onCancel({ orderID: orderID });
              return;
            }
            throw new Error(buyer.message || "Fake PayPal: the payment failed");
          });
        })
        .catch(function (error) {
          if (options.onError) options.onError(error instanceof Error ? error : new Error(String(error)));
          else console.error(error);
        })
        .then(function () { if (button) button.disabled = false; });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        return post("/__test/render").then(function (answer) {
          if (answer.fail) throw new Error("Fake PayPal: the buttons failed to render");
          var container = typeof target === "string" ? document.querySelector(target) : target;
          if (!container) throw new Error("Document is ready and element " + target + " does not exist");
          button = document.createElement("button");
          button.type = "button";
          button.textContent = "Pay with PayPal (test)";
          button.setAttribute("data-fake-paypal", "button");
          button.style.cssText = "display:block;width:100%;border:0;border-radius:" +
            (style.shape === "pill" ? "999px" : "4px") + ";height:" + (style.height || 45) +
            "px;background:" + (style.color === "gold" || !style.color ? "#ffc439" : "#0070ba") +
            ";color:#111;font:600 15px/1 system-ui,sans-serif;cursor:pointer";
          button.addEventListener("click", pay);
          container.appendChild(button);
        });
      },
      close: function () {
        if (button) button.remove();
        button = null;
        return Promise.resolve();
      }
    };
  }
  window.paypal = { Buttons: Buttons, FUNDING: { PAYPAL: "paypal", CARD: "card" }, version: "fake" };
})();
`;

  async function route(
    req: http.IncomingMessage,
    url: URL,
    body: string,
  ): Promise<{ status: number; body: unknown; type?: string }> {
    const method = req.method ?? "GET";
    const path = url.pathname;
    const buyer = buyerOf(visitorOf(req));
    const json = (): Record<string, unknown> => {
      try {
        return body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return {};
      }
    };

    // --- the JS SDK ---------------------------------------------------------
    if (method === "GET" && path === "/sdk/js") {
      if (buyer.sdkFailures.loads > 0) {
        buyer.sdkFailures.loads--;
        return { status: 500, body: "/* fake SDK load failure */", type: "application/javascript" };
      }
      if (url.searchParams.get("client-id") !== clientId) {
        return {
          status: 400,
          body: `throw new Error("SDK Validation error: 'Invalid query value for client-id'");`,
          type: "application/javascript",
        };
      }
      return { status: 200, body: sdkScript(), type: "application/javascript" };
    }

    // --- test hooks -----------------------------------------------------------
    if (path.startsWith("/__test/")) {
      const [, , hook, arg] = path.split("/").map(decodeURIComponent);
      if (method === "GET" && hook === "state") {
        return {
          status: 200,
          body: {
            orders: [...fake.orders.values()].map(orderJson),
            captureCalls: fake.captureCalls,
            captures: fake.captures,
            refunds: fake.refunds,
            tokenRequests: fake.tokenRequests,
          },
        };
      }
      if (method !== "POST") return { status: 405, body: { error: "POST" } };
      try {
        switch (hook) {
          case "render":
            if (buyer.sdkFailures.renders > 0) {
              buyer.sdkFailures.renders--;
              return { status: 200, body: { fail: true } };
            }
            return { status: 200, body: { fail: false } };
          case "buyer": {
            const action = buyer.actions.shift() ?? "approve";
            if (action === "approve") {
              approve(arg!, undefined, undefined, buyer);
              return {
                status: 200,
                body: { action, payerID: fake.orders.get(arg!)!.payer!.payerId },
              };
            }
            return {
              status: 200,
              body: {
                action,
                message: action === "error" ? "Fake PayPal: card declined" : undefined,
              },
            };
          }
          case "buyer-action":
            buyer.actions.push(json().action as BuyerAction);
            return { status: 200, body: { queued: buyer.actions.length } };
          case "approve": {
            const input = json();
            approve(
              arg!,
              typeof input.email === "string" ? input.email : undefined,
              "shipping" in input ? (input.shipping as FakeShipping | null) : undefined,
              buyer,
            );
            return { status: 200, body: orderJson(fake.orders.get(arg!)!) };
          }
          case "buyer-shipping": {
            const input = json();
            buyer.shipping =
              "shipping" in input ? (input.shipping as FakeShipping | null) : FAKE_SHIPPING;
            return { status: 200, body: { shipping: buyer.shipping } };
          }
          case "capture-now":
            return { status: 200, body: captureNow(arg!) };
          case "refund-now":
            return { status: 200, body: refundJson(refundNow(arg!)) };
          case "decline-next-capture":
            declineNext = true;
            return { status: 200, body: { ok: true } };
          case "sdk-failures": {
            const counts = json() as { loads?: number; renders?: number };
            buyer.sdkFailures = { loads: counts.loads ?? 0, renders: counts.renders ?? 0 };
            return { status: 200, body: buyer.sdkFailures };
          }
          case "webhook": {
            const { type, orderId } = json() as { type: WebhookType; orderId: string };
            return { status: 200, body: webhook(type, orderId) };
          }
          default:
            return { status: 404, body: { error: `No test hook ${hook}` } };
        }
      } catch (error) {
        return { status: 400, body: { error: (error as Error).message } };
      }
    }

    // --- OAuth ------------------------------------------------------------------
    if (method === "POST" && path === "/v1/oauth2/token") {
      fake.tokenRequests++;
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        return {
          status: 401,
          body: { error: "invalid_client", error_description: "Client Authentication failed" },
        };
      }
      if (new URLSearchParams(body).get("grant_type") !== "client_credentials") {
        return {
          status: 400,
          body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" },
        };
      }
      const token = `A21AA${crypto.randomBytes(24).toString("hex")}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: token,
          token_type: "Bearer",
          app_id: "APP-FAKE",
          expires_in: 32400,
          nonce: `${now()}${id("", 20)}`,
        },
      };
    }

    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    if (!bearer || !tokens.has(bearer)) {
      return {
        status: 401,
        body: {
          error: "invalid_token",
          error_description: "Token signature verification failed",
        },
      };
    }
    const requestId = (req.headers["paypal-request-id"] as string | undefined) ?? null;
    const captureMatch = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === "POST" && captureMatch) {
      fake.captureCalls.push({ orderId: decodeURIComponent(captureMatch[1]!), requestId });
    }
    const replayKey = requestId ? `${method} ${path} ${requestId}` : null;
    if (replayKey && replays.has(replayKey)) return replays.get(replayKey)!;
    const remember = (answer: { status: number; body: unknown }) => {
      if (replayKey && answer.status < 300) replays.set(replayKey, answer);
      return answer;
    };

    // --- Orders v2 ----------------------------------------------------------------
    if (method === "POST" && path === "/v2/checkout/orders") {
      const input = json() as {
        intent?: string;
        purchase_units?: Record<string, unknown>[];
        application_context?: { shipping_preference?: string };
        payment_source?: { paypal?: { experience_context?: { shipping_preference?: string } } };
      };
      const unit = input.purchase_units?.[0] as FakeOrder["purchaseUnit"] | undefined;
      if (input.intent !== "CAPTURE" && input.intent !== "AUTHORIZE") {
        return problem(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "intent is invalid");
      }
      if (!unit?.amount?.value || !/^\d+\.\d{2}$/.test(unit.amount.value)) {
        return problem(
          400,
          "INVALID_REQUEST",
          "INVALID_PARAMETER_SYNTAX",
          "amount.value is invalid",
        );
      }
      // As PayPal does: a breakdown must add up (item_total + shipping − discount = value).
      const breakdown = (unit.amount as { breakdown?: Record<string, { value?: string }> })
        .breakdown;
      if (breakdown) {
        const cents = (v?: string) => Math.round(Number(v ?? "0") * 100);
        const sum =
          cents(breakdown.item_total?.value) +
          cents(breakdown.shipping?.value) -
          cents(breakdown.discount?.value);
        if (sum !== cents(unit.amount.value)) {
          return problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "AMOUNT_MISMATCH",
            "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
          );
        }
      }
      const shippingPreference =
        input.payment_source?.paypal?.experience_context?.shipping_preference ??
        input.application_context?.shipping_preference ??
        "GET_FROM_FILE";
      const provided = (unit.shipping as FakeShipping | undefined) ?? null;
      // As PayPal: a provided address needs a country code; SET_PROVIDED_ADDRESS needs one.
      if (provided?.address && !/^([A-Z]{2}|C2)$/.test(provided.address.country_code ?? "")) {
        return problem(
          400,
          "INVALID_REQUEST",
          "INVALID_PARAMETER_SYNTAX",
          "purchase_units[0].shipping.address.country_code is invalid",
        );
      }
      if (shippingPreference === "SET_PROVIDED_ADDRESS" && !provided?.address) {
        return problem(
          422,
          "UNPROCESSABLE_ENTITY",
          "MISSING_SHIPPING_ADDRESS",
          "The shipping address is required when `shipping_preference=SET_PROVIDED_ADDRESS`.",
        );
      }
      const order: FakeOrder = {
        id: id("", 17),
        status: "CREATED",
        intent: input.intent,
        shippingPreference,
        purchaseUnit: unit,
        providedShipping:
          shippingPreference !== "NO_SHIPPING" && provided?.address ? provided : null,
        shipping: null,
        payer: null,
        capture: null,
        createTime: now(),
      };
      fake.orders.set(order.id, order);
      return remember({ status: 201, body: orderJson(order) });
    }

    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = fake.orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) {
        return problem(
          404,
          "RESOURCE_NOT_FOUND",
          "INVALID_RESOURCE_ID",
          "Specified resource ID does not exist.",
        );
      }
      if (method === "GET" && !orderMatch[2]) return { status: 200, body: orderJson(order) };
      if (method === "POST" && orderMatch[2]) {
        if (order.status === "COMPLETED") {
          return problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "ORDER_ALREADY_CAPTURED",
            "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          );
        }
        if (order.status !== "APPROVED") {
          return problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "ORDER_NOT_APPROVED",
            "Payer has not yet approved the Order for payment.",
          );
        }
        if (declineNext) {
          declineNext = false;
          return problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "INSTRUMENT_DECLINED",
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          );
        }
        takeMoney(order);
        return remember({ status: 201, body: orderJson(order) });
      }
    }

    // --- Payments v2 refunds --------------------------------------------------------
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === "POST" && refundMatch) {
      const capture = fake.captures.find((c) => c.id === decodeURIComponent(refundMatch[1]!));
      if (!capture) {
        return problem(
          404,
          "RESOURCE_NOT_FOUND",
          "INVALID_RESOURCE_ID",
          "Specified resource ID does not exist.",
        );
      }
      if (capture.status === "REFUNDED") {
        return problem(
          422,
          "UNPROCESSABLE_ENTITY",
          "CAPTURE_FULLY_REFUNDED",
          "The capture has already been fully refunded",
        );
      }
      const note =
        typeof json().note_to_payer === "string" ? (json().note_to_payer as string) : null;
      return remember({ status: 201, body: refundJson(refundNow(capture.id, requestId, note)) });
    }

    // --- Webhook signature verification -----------------------------------------------
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const input = json() as Record<string, unknown>;
      const grant = issued.get(String(input.transmission_id));
      const event = input.webhook_event;
      const sameEvent =
        grant !== undefined &&
        event !== undefined &&
        JSON.stringify(event) === JSON.stringify(JSON.parse(grant.body));
      const genuine =
        sameEvent &&
        input.transmission_sig === grant.sig &&
        input.webhook_id === webhookId &&
        typeof input.auth_algo === "string" &&
        typeof input.cert_url === "string" &&
        typeof input.transmission_time === "string";
      return { status: 200, body: { verification_status: genuine ? "SUCCESS" : "FAILURE" } };
    }

    return problem(404, "NOT_FOUND", "NOT_FOUND", `No fake for ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", base || "http://127.0.0.1");
    // The SDK stand-in calls the hooks from the shop's page (another origin).
    res.setHeader("Access-Control-Allow-Origin", "*");
    // The browser tests' pages send X-Forwarded-For with every request (tests/e2e/client-address.ts).
    res.setHeader("Access-Control-Allow-Headers", "content-type, x-forwarded-for");
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    readBody(req)
      .then((body) => route(req, url, body))
      .then((answer) => {
        const type = answer.type ?? "application/json";
        const payload =
          typeof answer.body === "string" && type !== "application/json"
            ? answer.body
            : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          "Content-Type": type,
          "Cache-Control": "no-store",
          "Paypal-Debug-Id": id("", 13).toLowerCase(),
        });
        res.end(payload);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(error) }));
      });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    url: base,
    sdkUrl: `${base}/sdk/js`,
    approve,
    captureNow,
    refundNow: (captureId: string) => refundNow(captureId),
    declineNextCapture: () => {
      declineNext = true;
    },
    setBuyerShipping: (shipping: FakeShipping | null = FAKE_SHIPPING) => {
      buyerOf("").shipping = shipping;
    },
    setBuyerAction: (action: BuyerAction) => {
      buyerOf("").actions.push(action);
    },
    failSdk: (counts: { loads?: number; renders?: number }) => {
      buyerOf("").sdkFailures = { loads: counts.loads ?? 0, renders: counts.renders ?? 0 };
    },
    webhook,
    sign,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
