/**
 * Pure reading of PayPal's REST answers and webhook events (Orders v2, Payments v2,
 * Notifications v1). No I/O here, so every shape PayPal may send is unit tested.
 */
import { z } from "~/domain/core/zod";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import type { ProviderCapture, ProviderOrder } from "./types.server";

const money = z.object({ currency_code: z.string(), value: z.string() });

const link = z.object({ href: z.string(), rel: z.string() });

const captureSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  amount: money.optional(),
  custom_id: z.string().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
  links: z.array(link).optional(),
});

const emailHolder = z.object({ email_address: z.string().optional() }).optional();

/** purchase_units[].shipping: where PayPal's buyer asked the goods to go. */
const shippingSchema = z.object({
  name: z.object({ full_name: z.string().optional() }).optional(),
  address: z
    .object({
      address_line_1: z.string().optional(),
      address_line_2: z.string().optional(),
      admin_area_2: z.string().optional(),
      admin_area_1: z.string().optional(),
      postal_code: z.string().optional(),
      country_code: z.string().optional(),
    })
    .optional(),
});

const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  payer: emailHolder,
  payment_source: z.record(z.string(), z.unknown()).optional(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
        // An unreadable shipping block must not make the whole order unreadable.
        shipping: shippingSchema.optional().catch(undefined),
      }),
    )
    .optional(),
});

/** "12.5" → 12.5; anything unparsable → null. */
export function parseAmount(value: string | undefined): number | null {
  if (value === undefined || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

/** PayPal wants strings with exactly two decimals for USD. */
export function formatAmount(value: number): string {
  return (Math.round((value + Number.EPSILON) * 100) / 100).toFixed(2);
}

function toCapture(raw: z.infer<typeof captureSchema>): ProviderCapture {
  return {
    id: raw.id,
    status: raw.status,
    amount: parseAmount(raw.amount?.value),
    currency: raw.amount?.currency_code ?? null,
  };
}

/** The buyer's address: payer.email_address first, then any payment source's. */
function payerEmail(order: z.infer<typeof orderSchema>): string | null {
  const fromPayer = order.payer?.email_address?.trim();
  if (fromPayer) return fromPayer;
  for (const source of Object.values(order.payment_source ?? {})) {
    const parsed = emailHolder.safeParse(source);
    const email = parsed.success ? parsed.data?.email_address?.trim() : undefined;
    if (email) return email;
  }
  return null;
}

const text = (value: string | undefined) => value?.trim() || null;

/**
 * The shipping address of a purchase unit, or null when PayPal gave none (digital
 * orders are created with NO_SHIPPING). Some countries have no postal code or region,
 * so only a street and a country are required here.
 */
export function parseShippingAddress(raw: unknown): ShippingAddress | null {
  const parsed = shippingSchema.safeParse(raw);
  if (!parsed.success) return null;
  const address = parsed.data.address;
  const line1 = text(address?.address_line_1);
  const country = text(address?.country_code);
  if (!address || !line1 || !country) return null;
  return {
    name: text(parsed.data.name?.full_name) ?? "",
    line1,
    line2: text(address.address_line_2),
    city: text(address.admin_area_2) ?? "",
    region: text(address.admin_area_1),
    postalCode: text(address.postal_code) ?? "",
    country,
  };
}

/** PayPal's `shipping_preference` for a new order (application_context). */
export type PayPalShippingPreference = "NO_SHIPPING" | "GET_FROM_FILE" | "SET_PROVIDED_ADDRESS";

/**
 * What a new order tells PayPal about shipping: nothing to post, NO_SHIPPING; an
 * address the buyer gave us, SET_PROVIDED_ADDRESS with it in the purchase unit (the
 * buyer cannot change it at PayPal); else GET_FROM_FILE, PayPal's buyer picks one. An
 * address whose country is not an ISO code (a shop without zones lets the demo drawer
 * take words) cannot be sent, so PayPal asks its buyer then.
 */
export function paypalShipping(
  shipsGoods: boolean,
  address: ShippingAddress | null | undefined,
): { preference: PayPalShippingPreference; shipping?: z.input<typeof shippingSchema> } {
  if (!shipsGoods) return { preference: "NO_SHIPPING" };
  const country = address?.country.trim().toUpperCase() ?? "";
  if (!address || !/^[A-Z]{2}$/.test(country)) return { preference: "GET_FROM_FILE" };
  const optional = (value: string | null | undefined) => value?.trim() || undefined;
  return {
    preference: "SET_PROVIDED_ADDRESS",
    shipping: {
      name: { full_name: address.name.slice(0, 300) },
      address: {
        address_line_1: address.line1.slice(0, 300),
        address_line_2: optional(address.line2)?.slice(0, 300),
        admin_area_2: optional(address.city)?.slice(0, 120),
        admin_area_1: optional(address.region)?.slice(0, 300),
        postal_code: optional(address.postalCode)?.slice(0, 60),
        country_code: country,
      },
    },
  };
}

/** An Orders v2 order (create, get or capture answer), or null when it is not one. */
export function parseOrder(json: unknown): ProviderOrder | null {
  const parsed = orderSchema.safeParse(json);
  if (!parsed.success) return null;
  const order = parsed.data;
  return {
    id: order.id,
    status: order.status,
    payerEmail: payerEmail(order),
    shippingAddress: parseShippingAddress(order.purchase_units?.[0]?.shipping),
    captures: (order.purchase_units ?? []).flatMap((unit) =>
      (unit.payments?.captures ?? []).map(toCapture),
    ),
  };
}

/** The capture that took the money, else the newest one PayPal reports. */
export function primaryCapture(order: ProviderOrder): ProviderCapture | null {
  return order.captures.find((c) => c.status === "COMPLETED") ?? order.captures.at(-1) ?? null;
}

export interface PayPalErrorBody {
  name: string | null;
  message: string | null;
  issue: string | null;
  description: string | null;
  debugId: string | null;
}

const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.object({ issue: z.string().optional(), description: z.string().optional() }))
    .optional(),
  // OAuth errors use another shape.
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export function parseErrorBody(json: unknown): PayPalErrorBody {
  const parsed = errorSchema.safeParse(json);
  if (!parsed.success) {
    return { name: null, message: null, issue: null, description: null, debugId: null };
  }
  const e = parsed.data;
  const detail = e.details?.[0];
  return {
    name: e.name ?? e.error ?? null,
    message: e.message ?? e.error_description ?? null,
    issue: detail?.issue ?? null,
    description: detail?.description ?? null,
    debugId: e.debug_id ?? null,
  };
}

/** One readable line for logs and error messages. */
export function describeError(status: number, body: PayPalErrorBody): string {
  const parts = [`HTTP ${status}`];
  if (body.name) parts.push(body.name);
  if (body.issue) parts.push(body.issue);
  const text = body.description ?? body.message;
  if (text) parts.push(`– ${text}`);
  if (body.debugId) parts.push(`(debug id ${body.debugId})`);
  return parts.join(" ");
}

// ---------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------

export type WebhookResource =
  | {
      kind: "capture";
      captureId: string;
      status: string;
      /** The Orders v2 order the capture belongs to. */
      providerOrderId: string | null;
      /** Our order id, sent as custom_id when the order was created. */
      customId: string | null;
      amount: number | null;
      currency: string | null;
    }
  | {
      kind: "refund";
      refundId: string;
      status: string;
      /** The refunded capture, from the refund's "up" link. */
      captureId: string | null;
      providerOrderId: string | null;
      customId: string | null;
      /** The amount of this refund (a partial refund is less than the order). */
      amount: number | null;
    }
  | { kind: "other" };

export interface WebhookEvent {
  id: string;
  eventType: string;
  resource: WebhookResource;
}

export const HANDLED_EVENT_TYPES = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
] as const;

const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.unknown().optional(),
});

const refundSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  custom_id: z.string().optional(),
  amount: money.optional(),
  links: z.array(link).optional(),
  supplementary_data: z
    .object({
      related_ids: z
        .object({ order_id: z.string().optional(), capture_id: z.string().optional() })
        .optional(),
    })
    .optional(),
});

/** ".../v2/payments/captures/8MC585209K746392H" → "8MC585209K746392H" */
function captureIdFromLinks(links: { href: string; rel: string }[] | undefined): string | null {
  const up = links?.find((l) => l.rel === "up" && /\/captures\/[^/]+\/?$/.test(l.href));
  return up ? (up.href.match(/\/captures\/([^/]+)\/?$/)?.[1] ?? null) : null;
}

/** A webhook delivery's body, or null when it is not a PayPal event at all. */
export function parseWebhookEvent(rawBody: string): WebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) return null;
  const { id, event_type: eventType, resource } = parsed.data;

  if (eventType === "PAYMENT.CAPTURE.REFUNDED") {
    const refund = refundSchema.safeParse(resource);
    if (!refund.success) return { id, eventType, resource: { kind: "other" } };
    const r = refund.data;
    return {
      id,
      eventType,
      resource: {
        kind: "refund",
        refundId: r.id,
        status: r.status,
        captureId: r.supplementary_data?.related_ids?.capture_id ?? captureIdFromLinks(r.links),
        providerOrderId: r.supplementary_data?.related_ids?.order_id ?? null,
        customId: r.custom_id ?? null,
        amount: parseAmount(r.amount?.value),
      },
    };
  }
  if (eventType.startsWith("PAYMENT.CAPTURE.")) {
    const capture = captureSchema.safeParse(resource);
    if (!capture.success) return { id, eventType, resource: { kind: "other" } };
    const c = capture.data;
    return {
      id,
      eventType,
      resource: {
        kind: "capture",
        captureId: c.id,
        status: c.status,
        providerOrderId: c.supplementary_data?.related_ids?.order_id ?? null,
        customId: c.custom_id ?? null,
        amount: parseAmount(c.amount?.value),
        currency: c.amount?.currency_code ?? null,
      },
    };
  }
  return { id, eventType, resource: { kind: "other" } };
}

/** The headers PayPal signs a delivery with, as the verification API wants them. */
export const WEBHOOK_SIGNATURE_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

/**
 * The verify-webhook-signature request body. The event goes in byte for byte as it
 * arrived: PayPal checks the signature over the original body, and re-serialising the
 * JSON (key order, spacing, number formats) would make genuine deliveries fail.
 * Null when a signature header is missing or the body is not a JSON object.
 */
export function verificationRequestBody(
  headers: Record<string, string | undefined>,
  rawBody: string,
  webhookId: string,
): string | null {
  const fields: Record<string, string> = {};
  for (const [field, header] of Object.entries(WEBHOOK_SIGNATURE_HEADERS)) {
    const value = headers[header]?.trim();
    if (!value) return null;
    fields[field] = value;
  }
  const trimmed = rawBody.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return null;
  try {
    JSON.parse(trimmed);
  } catch {
    return null;
  }
  const head = JSON.stringify({ ...fields, webhook_id: webhookId });
  return `${head.slice(0, -1)},"webhook_event":${trimmed}}`;
}

const verificationSchema = z.object({ verification_status: z.string() });

export function isVerificationSuccess(json: unknown): boolean {
  const parsed = verificationSchema.safeParse(json);
  return parsed.success && parsed.data.verification_status === "SUCCESS";
}

/** Sandbox unless the API base is PayPal's live host. */
export function paypalEnvironment(apiBase: string): "sandbox" | "live" {
  const host = new URL(apiBase).hostname;
  return host === "api-m.paypal.com" || host === "api.paypal.com" ? "live" : "sandbox";
}
