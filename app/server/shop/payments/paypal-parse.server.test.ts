import { describe, expect, it } from "vitest";
import {
  describeError,
  formatAmount,
  isVerificationSuccess,
  parseAmount,
  parseErrorBody,
  parseOrder,
  parseShippingAddress,
  parseWebhookEvent,
  paypalEnvironment,
  paypalShipping,
  primaryCapture,
  verificationRequestBody,
} from "./paypal-parse.server";

/** A capture answer as PayPal sends it with Prefer: return=representation. */
const captured = {
  id: "5O190127TN364715T",
  status: "COMPLETED",
  payment_source: {
    paypal: { email_address: "source@example.com", account_id: "QYR5Z8XDVJNXQ" },
  },
  payer: { email_address: "payer@example.com", payer_id: "QYR5Z8XDVJNXQ" },
  purchase_units: [
    {
      reference_id: "default",
      payments: {
        captures: [
          {
            id: "3C679366HH908993F",
            status: "COMPLETED",
            amount: { currency_code: "USD", value: "21.99" },
            final_capture: true,
            seller_protection: { status: "ELIGIBLE" },
          },
        ],
      },
    },
  ],
  links: [{ href: "https://api-m.paypal.com/v2/checkout/orders/5O19", rel: "self" }],
};

describe("PayPal order answers", () => {
  it("reads a completed capture with its amount and the payer's address", () => {
    const order = parseOrder(captured)!;
    expect(order).toEqual({
      id: "5O190127TN364715T",
      status: "COMPLETED",
      payerEmail: "payer@example.com",
      shippingAddress: null,
      captures: [{ id: "3C679366HH908993F", status: "COMPLETED", amount: 21.99, currency: "USD" }],
    });
    expect(primaryCapture(order)?.id).toBe("3C679366HH908993F");
  });

  it("falls back to the payment source's address when the payer has none", () => {
    const { payer: _payer, ...withoutPayer } = captured;
    expect(parseOrder(withoutPayer)!.payerEmail).toBe("source@example.com");
    const { payment_source: _source, ...neither } = withoutPayer;
    expect(parseOrder(neither)!.payerEmail).toBeNull();
  });

  it("reads a fresh order without captures, and refuses what is not an order", () => {
    expect(parseOrder({ id: "ABC", status: "CREATED", links: [] })).toEqual({
      id: "ABC",
      status: "CREATED",
      payerEmail: null,
      shippingAddress: null,
      captures: [],
    });
    expect(parseOrder({ status: "CREATED" })).toBeNull();
    expect(parseOrder("<html>")).toBeNull();
  });

  it("prefers the completed capture over a declined one", () => {
    const order = parseOrder({
      id: "X",
      status: "COMPLETED",
      purchase_units: [
        {
          payments: {
            captures: [
              { id: "A", status: "DECLINED" },
              { id: "B", status: "COMPLETED" },
            ],
          },
        },
      ],
    })!;
    expect(primaryCapture(order)?.id).toBe("B");
  });
});

describe("PayPal shipping addresses", () => {
  const shipping = {
    name: { full_name: "John Doe" },
    address: {
      address_line_1: "2211 N First Street",
      address_line_2: "Building 17",
      admin_area_2: "San Jose",
      admin_area_1: "CA",
      postal_code: "95131",
      country_code: "US",
    },
  };

  it("reads the first purchase unit's shipping block into the order", () => {
    const order = parseOrder({
      ...captured,
      purchase_units: [{ ...captured.purchase_units[0], shipping }],
    })!;
    expect(order.shippingAddress).toEqual({
      name: "John Doe",
      line1: "2211 N First Street",
      line2: "Building 17",
      city: "San Jose",
      region: "CA",
      postalCode: "95131",
      country: "US",
    });
    expect(order.captures).toHaveLength(1);
  });

  it("leaves out what a country does not use, and needs at least a street and a country", () => {
    expect(
      parseShippingAddress({
        name: { full_name: "Ana" },
        address: { address_line_1: "Calle 1", admin_area_2: "Panamá", country_code: "PA" },
      }),
    ).toEqual({
      name: "Ana",
      line1: "Calle 1",
      line2: null,
      city: "Panamá",
      region: null,
      postalCode: "",
      country: "PA",
    });
    expect(parseShippingAddress({ name: { full_name: "No Street" }, address: {} })).toBeNull();
    expect(parseShippingAddress(undefined)).toBeNull();
  });

  it("does not let a malformed shipping block make the order unreadable", () => {
    const order = parseOrder({
      ...captured,
      purchase_units: [{ ...captured.purchase_units[0], shipping: { address: "somewhere" } }],
    });
    expect(order?.shippingAddress).toBeNull();
    expect(order?.captures).toHaveLength(1);
  });
});

describe("shipping sent with a new order", () => {
  const typed = {
    name: "Greta Käufer",
    line1: "Jazzstraße 5",
    line2: "Hinterhaus",
    city: "Berlin",
    region: null,
    postalCode: "10115",
    country: "DE",
  };

  it("sends the buyer's address with SET_PROVIDED_ADDRESS, which reads back the same", () => {
    const sent = paypalShipping(true, typed);
    expect(sent).toEqual({
      preference: "SET_PROVIDED_ADDRESS",
      shipping: {
        name: { full_name: "Greta Käufer" },
        address: {
          address_line_1: "Jazzstraße 5",
          address_line_2: "Hinterhaus",
          admin_area_2: "Berlin",
          admin_area_1: undefined,
          postal_code: "10115",
          country_code: "DE",
        },
      },
    });
    // PayPal answers with the block it was given: the order reads as what was typed.
    expect(parseShippingAddress(JSON.parse(JSON.stringify(sent.shipping)))).toEqual(typed);
  });

  it("lets PayPal's buyer choose without an address, and asks nothing for digital goods", () => {
    expect(paypalShipping(true, null)).toEqual({ preference: "GET_FROM_FILE" });
    // A country in words (a shop without zones) is no code PayPal takes.
    expect(paypalShipping(true, { ...typed, country: "Germany" })).toEqual({
      preference: "GET_FROM_FILE",
    });
    expect(paypalShipping(false, typed)).toEqual({ preference: "NO_SHIPPING" });
  });
});

describe("PayPal error answers", () => {
  it("reads the first issue of an Orders error", () => {
    const body = parseErrorBody({
      name: "UNPROCESSABLE_ENTITY",
      message: "The requested action could not be performed.",
      debug_id: "90957fca61718",
      details: [{ issue: "ORDER_ALREADY_CAPTURED", description: "Order already captured." }],
    });
    expect(body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", issue: "ORDER_ALREADY_CAPTURED" });
    expect(describeError(422, body)).toBe(
      "HTTP 422 UNPROCESSABLE_ENTITY ORDER_ALREADY_CAPTURED – Order already captured. (debug id 90957fca61718)",
    );
  });

  it("reads an OAuth error", () => {
    const body = parseErrorBody({
      error: "invalid_client",
      error_description: "Client Authentication failed",
    });
    expect(describeError(401, body)).toBe("HTTP 401 invalid_client – Client Authentication failed");
  });
});

describe("amounts", () => {
  it("formats two decimals and parses only well-formed values", () => {
    expect(formatAmount(6.99 * 3)).toBe("20.97");
    expect(formatAmount(15)).toBe("15.00");
    expect(parseAmount("20.97")).toBe(20.97);
    expect(parseAmount("1e3")).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
  });
});

describe("webhook events", () => {
  const completed = {
    id: "WH-58D329510W468432D-8HN650336L201105X",
    event_version: "1.0",
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    resource_type: "capture",
    resource: {
      id: "42311647XV020574X",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "6.99" },
      custom_id: "3f2a9c1e-1111-4222-8333-444455556666",
      supplementary_data: { related_ids: { order_id: "8RU61172JS455403V" } },
    },
  };

  it("reads a completed capture with its order, our id and the amount", () => {
    expect(parseWebhookEvent(JSON.stringify(completed))).toEqual({
      id: completed.id,
      eventType: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        kind: "capture",
        captureId: "42311647XV020574X",
        status: "COMPLETED",
        providerOrderId: "8RU61172JS455403V",
        customId: "3f2a9c1e-1111-4222-8333-444455556666",
        amount: 6.99,
        currency: "USD",
      },
    });
  });

  it("reads a denied capture", () => {
    const denied = {
      ...completed,
      event_type: "PAYMENT.CAPTURE.DENIED",
      resource: { ...completed.resource, status: "DECLINED" },
    };
    expect(parseWebhookEvent(JSON.stringify(denied))?.resource).toMatchObject({
      kind: "capture",
      status: "DECLINED",
    });
  });

  it("finds the refunded capture through the refund's up link", () => {
    const refunded = {
      id: "WH-1GE84257G0350133W-6RW800890C634293G",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "1Y107995YT783435V",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "6.99" },
        links: [
          { href: "https://api.paypal.com/v2/payments/refunds/1Y107995YT783435V", rel: "self" },
          { href: "https://api.paypal.com/v2/payments/captures/2GG279541U471931P", rel: "up" },
        ],
      },
    };
    expect(parseWebhookEvent(JSON.stringify(refunded))?.resource).toEqual({
      kind: "refund",
      refundId: "1Y107995YT783435V",
      status: "COMPLETED",
      captureId: "2GG279541U471931P",
      providerOrderId: null,
      customId: null,
      amount: 6.99,
    });
  });

  it("keeps other events as 'other' and refuses what is not an event", () => {
    const other = { id: "WH-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: {} };
    expect(parseWebhookEvent(JSON.stringify(other))?.resource).toEqual({ kind: "other" });
    expect(parseWebhookEvent("not json")).toBeNull();
    expect(parseWebhookEvent(JSON.stringify({ event_type: "X" }))).toBeNull();
  });
});

describe("webhook verification request", () => {
  const headers = {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-360caa42",
    "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
    "paypal-transmission-sig":
      "lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==",
    "paypal-transmission-time": "2016-02-18T20:01:35Z",
  };
  // Spacing and key order as sent: the signature covers these exact bytes.
  const raw =
    '{ "id":"WH-1", "event_type" : "PAYMENT.CAPTURE.COMPLETED","resource":{"amount":{"value":"6.90"}} }';

  it("embeds the event byte for byte", () => {
    const body = verificationRequestBody(headers, raw, "1JE4291016473214C")!;
    expect(body).toContain(`"webhook_event":${raw.trim()}}`);
    expect(JSON.parse(body)).toMatchObject({
      auth_algo: "SHA256withRSA",
      transmission_id: "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
      webhook_id: "1JE4291016473214C",
      webhook_event: { id: "WH-1", resource: { amount: { value: "6.90" } } },
    });
  });

  it("refuses a delivery with a missing signature header or a body that is not an object", () => {
    const { "paypal-transmission-sig": _sig, ...unsigned } = headers;
    expect(verificationRequestBody(unsigned, raw, "W")).toBeNull();
    expect(verificationRequestBody(headers, "[1,2]", "W")).toBeNull();
    expect(verificationRequestBody(headers, '{"a":1}, "x"', "W")).toBeNull();
  });

  it("takes only SUCCESS as success", () => {
    expect(isVerificationSuccess({ verification_status: "SUCCESS" })).toBe(true);
    expect(isVerificationSuccess({ verification_status: "FAILURE" })).toBe(false);
    expect(isVerificationSuccess({})).toBe(false);
  });
});

describe("environment", () => {
  it("is live only on PayPal's live API host", () => {
    expect(paypalEnvironment("https://api-m.paypal.com")).toBe("live");
    expect(paypalEnvironment("https://api-m.sandbox.paypal.com")).toBe("sandbox");
    expect(paypalEnvironment("http://127.0.0.1:4010")).toBe("sandbox");
  });
});
