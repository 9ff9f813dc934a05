/**
 * Orders: the server side of checkout (public-site spec §5, §7).
 *
 *  1. create-provider-order re-prices the cart from the database, creates the
 *     provider order for the server's total, then in one transaction records a pending
 *     order and holds the tracked stock (or refuses: nothing is held, nobody is charged).
 *  2. create-order makes sure the hold is still in place, captures with a stable
 *     PayPal-Request-Id, and records the payment in one transaction: the order becomes
 *     completed (once: unique by provider order id, and only from pending), the holds
 *     are committed, purchase counts rise, download tokens are issued and the mail with
 *     the links is queued in the outbox.
 *  3. A capture whose stock is gone by then is refunded and the buyer is told.
 *
 * The webhook (webhooks.server.ts) records through the same `recordCapture`.
 */
import { recordPurchase } from "../analytics/server-events.server";
import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "~/domain/core/zod";
import { shortOrderId } from "~/domain/shop/downloads/downloads";
import { formatPrice, moneyEquals, roundMoney } from "~/domain/core/money";
import {
  ORDER_MESSAGES,
  isValidCheckoutEmail,
  isSameCheckoutEmail,
  priceOrder,
  type CatalogueItem,
  type OrderRequest,
} from "~/domain/shop/cart/order-validation";
import {
  CAPTURE_GRACE_MINUTES,
  holdExpiresAt,
  holdQuantities,
  variantHoldQuantities,
} from "~/domain/shop/stock/stock-hold";
import { lineTitle } from "~/domain/shop/catalogue/item-variant";
import { SITE_NAME } from "~/domain/core/site";
import { awaitingRelease } from "~/domain/shop/catalogue/preorder";
import { DISCOUNT_MESSAGES } from "~/domain/shop/discounts/discount-code";
import {
  SHIPPING_ADDRESS_MESSAGES,
  orderNeedsShipping,
  shippingAddressSchema,
  type ShippingAddress,
} from "~/domain/shop/shipping/shipping-address";
import {
  SHIPPING_COST_MESSAGES,
  COUNTRY_CODE_PATTERN,
  countryName,
  normaliseCountryCode,
  quoteShipping,
  shippingRefusal,
} from "~/domain/shop/shipping/shipping-rates";
import { invalidateSiteCache } from "../core/cache.server";
import type { Database, Transaction } from "../db/database.server";
import { downloadTokens, orderLines, orders, shopItems } from "../db/schema/shop.server";
import { AppError } from "../core/errors.server";
import { logger } from "../core/logger.server";
import type { RateLimitRule } from "../db/rate-limit.server";
import { deliverQueuedMail, queueMail, type QueuedMail } from "../mail/outbox.server";
import { lateCaptureRefundMail } from "../mail/order-mail.server";
import { confirmationLines, queueOrderConfirmation } from "./order-confirmation.server";
import { issueTwinCodes } from "./twin-codes.server";
import { preorderReleaseDates } from "./preorders.server";
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderCapture,
} from "./payments/types.server";
import { isCountryCode, readShippingRules } from "./shipping-zones.server";
import { commitStock, holdStock, OutOfStock, releaseStock, reholdStock } from "./stock.server";
import { readVariants } from "./variants.server";
import {
  DiscountUsedByEmail,
  DiscountUsedUp,
  commitDiscountUse,
  holdDiscountUse,
  priceDiscount,
  releaseDiscountUse,
  reholdDiscountUse,
} from "./discount-codes.server";

export type Order = typeof orders.$inferSelect;

/** An order step that failed in a way the buyer should be told about. */
export class OrderError extends AppError {}

/**
 * Orders one client address may start in a window. A buyer starts one or two (a
 * retry after a cancelled payment starts another); each holds stock for 15 minutes,
 * so without a limit one address could keep a limited item held indefinitely.
 */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 10 * 60_000 };

export interface OrderOptions {
  now?: Date;
  /** For links in mails. */
  siteUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LINES = 50;

const providerOrderBodySchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().max(100),
        title: z.string().max(300).catch(""),
        price: z.number(),
        quantity: z.number(),
        category: z.string().max(50).optional().catch(undefined),
        /** Issue 24: the variant of an item with options, and the label the cart showed. */
        variantId: z.string().max(100).nullable().optional(),
        variantLabel: z.string().max(300).nullable().optional(),
      }),
    )
    .max(MAX_LINES),
  customerEmail: z.string().max(254).catch(""),
  /** A discount code as typed; its length is judged with a plain message, not here. */
  discountCode: z.string().max(20_000).optional().catch(undefined),
  /** Demo provider, physical goods: the address from the checkout drawer. */
  shippingAddress: z.unknown().optional(),
  /** Physical goods: the destination the buyer chose (ISO 3166-1 alpha-2). */
  shippingCountry: z.string().max(100).optional().catch(undefined),
  /**
   * What the cart showed for shipping, if it says: never used to price, only compared,
   * so a cart that showed another amount (tampered, or the zones changed) is refused.
   */
  shippingAmount: z.number().optional().catch(undefined),
});

const orderBodySchema = z.object({
  customerEmail: z.string().max(254).catch(""),
  paypalOrderId: z.string().min(1).max(100),
  items: z
    .array(
      z.object({
        shopItemId: z.string().max(100),
        quantity: z.number(),
        pricePerItem: z.number(),
      }),
    )
    .max(MAX_LINES),
  totalAmount: z.number(),
});

const cancelBodySchema = z.object({ orderID: z.string().min(1).max(100) });

/**
 * A provider failure in words for the buyer; the detail (addresses, paths, PayPal's
 * own error names) goes to the log only.
 */
export function buyerFacingProviderReason(error: PaymentProviderError): string {
  if (error.details.unreachable)
    return "PayPal could not be reached. Please try again in a moment.";
  if ((error.details.status ?? 500) >= 500) {
    return "PayPal is having trouble right now. Please try again in a moment.";
  }
  return "PayPal did not accept the order. Please try again, or contact us if it keeps happening.";
}

const providerError = (what: string, error: unknown) => {
  if (!(error instanceof PaymentProviderError)) return error;
  logger.error({ err: error, ...error.details }, `Payment provider: ${what} failed`);
  return new OrderError(`${what}: ${buyerFacingProviderReason(error)}`, 502);
};

type CatalogueRow = CatalogueItem & { pdfFileUrl: string | null };

async function loadCatalogue(db: Database, ids: string[]): Promise<Map<string, CatalogueRow>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      id: shopItems.id,
      title: shopItems.title,
      category: shopItems.category,
      price: shopItems.price,
      minimumPrice: shopItems.minimumPrice,
      isVisible: shopItems.isVisible,
      inventoryCount: shopItems.inventoryCount,
      pdfFileUrl: shopItems.pdfFileUrl,
      options: shopItems.options,
    })
    .from(shopItems)
    .where(inArray(shopItems.id, wanted));
  // Issue 24: an item with options is priced and held per variant.
  const variants = await readVariants(
    db,
    rows.filter((r) => r.options.length > 0).map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, { ...r, variants: variants.get(r.id) ?? [] }]));
}

// ---------------------------------------------------------------------------
// 1. create-provider-order
// ---------------------------------------------------------------------------

type ProviderOrderBody = z.output<typeof providerOrderBodySchema>;

/** The cart's lines priced from the catalogue, as checkout prices them (or OrderError). */
async function priceCartLines(db: Database, body: ProviderOrderBody, preview = false) {
  const { items } = body;
  // The cart prices shipping before the buyer gives an address: a preview needs none.
  const customerEmail = preview
    ? body.customerEmail.trim() || "preview@cart.invalid"
    : body.customerEmail;
  const request: OrderRequest = {
    items: items.map((i) => ({
      shopItemId: i.id,
      title: i.title,
      quantity: i.quantity,
      pricePerItem: i.price,
      variantId: i.variantId ?? null,
      variantLabel: i.variantLabel ?? null,
    })),
    totalAmount: roundMoney(items.reduce((sum, i) => sum + i.price * i.quantity, 0)),
    customerEmail,
  };
  const catalogue = await loadCatalogue(
    db,
    items.map((i) => i.id),
  );
  const priced = priceOrder(request, catalogue);
  if (!priced.ok) throw new OrderError(priced.error, 400);
  return { ...priced, catalogue };
}

/** What shipping an order costs, as checkout decided it. */
export type ShippingCharge =
  /** No physical items: no country asked, nothing charged. */
  | { kind: "none"; amount: 0; country: null; zoneName: null }
  | { kind: "rate"; amount: number; country: string; zoneName: string; free: boolean }
  /** Physical items to a country no enabled zone covers: cannot be paid for. */
  | { kind: "unavailable"; amount: 0; country: string | null; message: string };

/**
 * Shipping for priced lines to the buyer's country (domain/shop/shipping/shipping-rates.ts on the
 * artist's zones). `goodsAfterDiscount` decides "free above". A code that is no
 * country is refused outright (OrderError); a country outside every zone is answered as
 * "unavailable" so the cart can say so.
 */
async function priceShipping(
  db: Database,
  lines: readonly { category: string; quantity: number }[],
  rawCountry: string | undefined,
  goodsAfterDiscount: number,
): Promise<ShippingCharge> {
  const physical = lines.filter((line) => orderNeedsShipping([line.category]));
  if (physical.length === 0) return { kind: "none", amount: 0, country: null, zoneName: null };
  const zones = await readShippingRules(db);
  // A shop with no zones at all has not set shipping up: physical items go without a
  // shipping charge or a destination, as before shipping zones existed (decision 039).
  if (zones.length === 0) return { kind: "none", amount: 0, country: null, zoneName: null };
  const country = normaliseCountryCode(rawCountry ?? "");
  if (country === "") {
    return {
      kind: "unavailable",
      amount: 0,
      country: null,
      message: SHIPPING_COST_MESSAGES.missingCountry,
    };
  }
  if (!COUNTRY_CODE_PATTERN.test(country) || !isCountryCode(country)) {
    throw new OrderError(SHIPPING_COST_MESSAGES.unknownCountry, 400);
  }
  const quote = quoteShipping(zones, {
    country,
    physicalQuantities: physical.map((line) => line.quantity),
    goodsSubtotal: goodsAfterDiscount,
  });
  if (quote.kind === "rate") {
    return {
      kind: "rate",
      amount: quote.amount,
      country,
      zoneName: quote.zoneName,
      free: quote.free,
    };
  }
  return {
    kind: "unavailable",
    amount: 0,
    country,
    message: shippingRefusal(quote, countryName(country)) ?? SHIPPING_COST_MESSAGES.missingCountry,
  };
}

/** A typed code against priced lines: the discount, or OrderError with the code's message. */
async function checkTypedCode(
  db: Database,
  typedCode: string,
  lines: Parameters<typeof priceDiscount>[2],
  email: string,
  now: Date,
) {
  const discount = await priceDiscount(db, typedCode, lines, email, now);
  if (!discount.ok) throw new OrderError(discount.message, 400);
  return discount;
}

export interface CartPricePreview {
  /** The applied code; null when none was sent (a shipping-only preview). */
  code: string | null;
  /** The items at their prices, before the discount. */
  subtotal: number;
  discount: number;
  /** Shipping for the chosen country; "unavailable" carries the buyer's sentence. */
  shipping: ShippingCharge;
  /** What the order will cost: items − discount + shipping. */
  total: number;
}

/**
 * The cart's price with a typed code, before payment (the cart's "Discount code"
 * field): the same body and the same pricing as createProviderOrder, so what the buyer
 * sees is what the order will cost; nothing is held. The e-mail address, when given,
 * answers "once per e-mail address" early; order creation checks everything again.
 */
export async function previewCartPrice(
  db: Database,
  body: unknown,
  options: { now?: Date } = {},
): Promise<CartPricePreview> {
  const parsed = providerOrderBodySchema.safeParse(body);
  if (!parsed.success) throw new OrderError(ORDER_MESSAGES.invalidCart, 400);
  const priced = await priceCartLines(db, parsed.data, true);
  // No code sent: the cart asks for shipping only. A code sent blank is a mistake.
  const sentCode = parsed.data.discountCode;
  const typedCode = sentCode?.trim() ?? "";
  if (sentCode !== undefined && !typedCode) throw new OrderError(DISCOUNT_MESSAGES.empty, 400);
  const discount = typedCode
    ? (
        await checkTypedCode(
          db,
          typedCode,
          priced.lines,
          parsed.data.customerEmail.trim(),
          options.now ?? new Date(),
        )
      ).discount
    : null;
  const discountAmount = discount?.amount ?? 0;
  const goods = roundMoney(priced.total - discountAmount);
  const shipping = await priceShipping(db, priced.lines, parsed.data.shippingCountry, goods);
  return {
    code: discount?.code ?? null,
    subtotal: priced.total,
    discount: discountAmount,
    shipping,
    total: roundMoney(goods + shipping.amount),
  };
}

export async function createProviderOrder(
  db: Database,
  provider: PaymentProvider,
  body: unknown,
  options: { now?: Date } = {},
): Promise<{ orderID: string }> {
  const now = options.now ?? new Date();
  const parsed = providerOrderBodySchema.safeParse(body);
  if (!parsed.success) throw new OrderError(ORDER_MESSAGES.invalidCart, 400);
  const { customerEmail } = parsed.data;
  const { catalogue, ...priced } = await priceCartLines(db, parsed.data);
  const email = customerEmail.trim();
  if (!isValidCheckoutEmail(email)) {
    throw new OrderError("Please enter a valid email address.", 400);
  }
  // A discount code is checked when the order is priced, each failure in its own words.
  const typedCode = parsed.data.discountCode?.trim() ?? "";
  const discount = typedCode ? await checkTypedCode(db, typedCode, priced.lines, email, now) : null;
  const discountAmount = discount ? discount.discount.amount : 0;
  const goods = roundMoney(priced.total - discountAmount);
  // Shipping is the server's: from the destination and the physical lines, never the
  // browser's figure, which may only be compared (a cart showing another amount is refused).
  const shipping = await priceShipping(db, priced.lines, parsed.data.shippingCountry, goods);
  if (shipping.kind === "unavailable") throw new OrderError(shipping.message, 400);
  if (
    parsed.data.shippingAmount !== undefined &&
    !moneyEquals(parsed.data.shippingAmount, shipping.amount)
  ) {
    throw new OrderError(SHIPPING_COST_MESSAGES.shippingChanged, 409);
  }
  const shippingAddress = checkoutShippingAddress(
    provider,
    priced.lines.map((line) => line.category),
    parsed.data.shippingAddress,
    shipping.country,
  );
  const total = roundMoney(goods + shipping.amount);

  const orderId = crypto.randomUUID();
  let providerOrderId: string;
  try {
    const created = await provider.createOrder({
      orderId,
      currency: "USD",
      total,
      discount: discountAmount,
      shipping: shipping.amount,
      description: `${SITE_NAME} – order ${shortOrderId(orderId)}`,
      shippingAddress,
      items: priced.lines.map((line) => ({
        name: lineTitle(line.title, line.variantLabel),
        quantity: line.quantity,
        unitAmount: line.unitPrice,
        kind: orderNeedsShipping([line.category]) ? "physical" : "digital",
      })),
    });
    providerOrderId = created.id;
  } catch (error) {
    throw providerError("Failed to create order", error);
  }

  const holds = holdQuantities(priced.lines, catalogue);
  const variantHolds = variantHoldQuantities(priced.lines, catalogue);
  // Pre-orders (issue 24): a line of an item not yet released waits for its day.
  const preorderDates = await preorderReleaseDates(
    db,
    priced.lines.map((line) => line.shopItemId),
    now,
  );
  try {
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id: orderId,
        provider: provider.name,
        providerOrderId,
        customerEmail: email,
        paymentStatus: "pending",
        totalAmount: total,
        discountCode: discount ? discount.discount.code : null,
        discountAmount,
        currency: "USD",
        shippingAddress,
        shippingAmount: shipping.amount,
        shippingCountry: shipping.country,
        shippingZone: shipping.kind === "rate" ? shipping.zoneName : null,
        createdAt: now,
      });
      await tx.insert(orderLines).values(
        priced.lines.map((line) => ({
          orderId,
          shopItemId: line.shopItemId,
          title: line.title,
          category: line.category,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal,
          minimumPrice: line.minimumPrice,
          variantId: line.variantId,
          variantLabel: line.variantLabel,
          preorderReleaseDate: preorderDates.get(line.shopItemId) ?? null,
        })),
      );
      await holdStock(tx, providerOrderId, holds, holdExpiresAt(now), variantHolds);
      if (discount) {
        await holdDiscountUse(
          tx,
          { codeId: discount.codeId, providerOrderId, email, amount: discountAmount },
          holdExpiresAt(now),
        );
      }
    });
    // The shop shows what is left once held copies are taken.
    if (holds.size > 0 || variantHolds.size > 0) invalidateSiteCache({ kind: "shop" });
  } catch (error) {
    // The provider order is left unapproved: it can never be charged and simply lapses.
    if (error instanceof OutOfStock || error instanceof DiscountUsedUp) {
      throw new OrderError(error.message, 409);
    }
    throw error;
  }
  return { orderID: providerOrderId };
}

/**
 * The address a new order ships to, from the checkout drawer, for physical goods only.
 * The demo provider needs one. PayPal takes one when shipping was charged for a
 * country: the PayPal order is created with it (SET_PROVIDED_ADDRESS), so PayPal's
 * buyer cannot send the parcel elsewhere; without one (a cart from before, or a shop
 * without zones) PayPal asks its buyer and the country is checked before capture.
 * A missing (demo) or incomplete one is refused before any provider order exists, so
 * the buyer keeps the cart and can fix it.
 */
function checkoutShippingAddress(
  provider: PaymentProvider,
  categories: readonly string[],
  raw: unknown,
  destination: string | null,
): ShippingAddress | null {
  if (!orderNeedsShipping(categories)) return null;
  if (provider.name !== "demo" && (!destination || raw === undefined || raw === null)) {
    return null;
  }
  if (raw === undefined || raw === null) {
    throw new OrderError(SHIPPING_ADDRESS_MESSAGES.missing, 400);
  }
  const parsed = shippingAddressSchema.safeParse(raw);
  if (!parsed.success) throw new OrderError(parsed.error.issues[0]!.message, 400);
  // The address must be in the country shipping was charged for.
  if (destination && normaliseCountryCode(parsed.data.country) !== destination) {
    throw new OrderError(SHIPPING_COST_MESSAGES.addressCountry(countryName(destination)), 400);
  }
  return destination ? { ...parsed.data, country: destination } : parsed.data;
}

// ---------------------------------------------------------------------------
// Cancel (PayPal onCancel / onError): the hold ends at once, not after 15 minutes.
// ---------------------------------------------------------------------------

export async function cancelProviderOrder(
  db: Database,
  body: unknown,
): Promise<{ cancelled: boolean }> {
  const parsed = cancelBodySchema.safeParse(body);
  if (!parsed.success) throw new OrderError("Missing orderID", 400);
  const [cancelled] = await db
    .update(orders)
    .set({ paymentStatus: "cancelled" })
    .where(
      and(eq(orders.providerOrderId, parsed.data.orderID), eq(orders.paymentStatus, "pending")),
    )
    .returning({ providerOrderId: orders.providerOrderId });
  if (!cancelled) return { cancelled: false };
  await releaseStock(db, cancelled.providerOrderId);
  await releaseDiscountUse(db, cancelled.providerOrderId);
  return { cancelled: true };
}

// ---------------------------------------------------------------------------
// 2. create-order
// ---------------------------------------------------------------------------

export interface RecordedOrderLine {
  id: string;
  /** The download token's record id, not the secret: the secret travels only by mail. */
  download_token: string | null;
  shop_items: { category: string; has_download: boolean };
}

export interface OrderSuccess {
  success: true;
  error: null;
  customerEmail: string;
  orders: RecordedOrderLine[];
}

export async function findOrderByProviderId(
  db: Database,
  providerOrderId: string,
): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return order ?? null;
}

/** The create-order answer for a completed order; the same on every call. */
export async function orderResult(db: Database, order: Order): Promise<OrderSuccess> {
  const lines = await db
    .select({
      id: orderLines.id,
      category: orderLines.category,
      storageKey: shopItems.pdfFileUrl,
    })
    .from(orderLines)
    .leftJoin(shopItems, eq(shopItems.id, orderLines.shopItemId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
  const tokens = lines.length
    ? await db
        .select({ id: downloadTokens.id, orderLineId: downloadTokens.orderLineId })
        .from(downloadTokens)
        .where(
          inArray(
            downloadTokens.orderLineId,
            lines.map((l) => l.id),
          ),
        )
        .orderBy(asc(downloadTokens.createdAt), asc(downloadTokens.id))
    : [];
  const tokenOf = new Map<string, string>();
  for (const t of tokens) if (!tokenOf.has(t.orderLineId)) tokenOf.set(t.orderLineId, t.id);
  return {
    success: true,
    error: null,
    customerEmail: order.customerEmail,
    orders: lines.map((line) => ({
      id: line.id,
      download_token: tokenOf.get(line.id) ?? null,
      shop_items: { category: line.category, has_download: Boolean(line.storageKey) },
    })),
  };
}

const refundedMessage = (order: Pick<Order, "totalAmount" | "customerEmail">, title?: string) =>
  `Sorry: ${title ? `"${title}"` : "an item in your order"} sold out before your payment reached us, so we could not complete your order. Your payment of ${formatPrice(order.totalAmount)} has been refunded in full to your PayPal account, and we have e-mailed the details to ${order.customerEmail}.`;

function statusError(order: Order): OrderError {
  switch (order.paymentStatus) {
    case "refunded":
      return new OrderError(refundedMessage(order), 409);
    case "failed":
      return new OrderError(
        "Your payment was declined. Please try again or use a different payment method.",
        402,
      );
    default:
      return new OrderError("This order could not be completed. Please try again.", 409);
  }
}

/** The browser's cart must still be the order that was created and priced. */
function sameOrder(
  stored: { shopItemId: string | null; quantity: number; unitPrice: number }[],
  requested: { shopItemId: string; quantity: number; pricePerItem: number }[],
): boolean {
  const key = (id: string | null, price: number) => `${id}|${Math.round(price * 100)}`;
  const count = (entries: [string, number][]) => {
    const map = new Map<string, number>();
    for (const [k, q] of entries) map.set(k, (map.get(k) ?? 0) + q);
    return map;
  };
  const a = count(stored.map((l) => [key(l.shopItemId, l.unitPrice), l.quantity]));
  const b = count(requested.map((l) => [key(l.shopItemId, l.pricePerItem), l.quantity]));
  return a.size === b.size && [...a].every(([k, q]) => b.get(k) === q);
}

export async function completeOrder(
  db: Database,
  provider: PaymentProvider,
  body: unknown,
  options: OrderOptions,
): Promise<OrderSuccess> {
  const now = options.now ?? new Date();
  const parsed = orderBodySchema.safeParse(body);
  if (!parsed.success) throw new OrderError(ORDER_MESSAGES.invalidCart, 400);
  const request = parsed.data;

  const order = await findOrderByProviderId(db, request.paypalOrderId);
  if (!order) throw new OrderError("Order not found. Please refresh and try again.", 404);
  if (order.provider !== provider.name) {
    throw new OrderError("This order was started with another payment method.", 409);
  }
  // Holding a provider order id is not enough: the buyer's address must match, and an
  // answer never shows an address the caller did not send.
  if (!isSameCheckoutEmail(request.customerEmail, order.customerEmail)) {
    throw new OrderError(ORDER_MESSAGES.emailMismatch, 400);
  }
  const stored = await db
    .select({
      shopItemId: orderLines.shopItemId,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  // The browser's total is its cart's: the items before any discount or shipping.
  const itemTotal = roundMoney(order.totalAmount + order.discountAmount - order.shippingAmount);
  if (!sameOrder(stored, request.items) || !moneyEquals(request.totalAmount, itemTotal)) {
    throw new OrderError(ORDER_MESSAGES.priceMismatch, 400);
  }

  if (order.paymentStatus === "completed") return orderResult(db, order);
  if (order.paymentStatus === "refunded" || order.paymentStatus === "failed") {
    throw statusError(order);
  }

  // The hold must be in place before any money moves; a lapsed one is taken again.
  try {
    await db.transaction(async (tx) => {
      const until = holdExpiresAt(now, CAPTURE_GRACE_MINUTES);
      await reholdStock(tx, order.providerOrderId, until);
      await reholdDiscountUse(tx, order.providerOrderId, until);
    });
    invalidateSiteCache({ kind: "shop" });
  } catch (error) {
    if (error instanceof DiscountUsedUp) {
      return soldOutBeforeCapture(db, provider, order, discountTitle(order), {
        ...options,
        now,
        // "Once per e-mail address" is said as such, not as a sold-out item.
        refusal: error instanceof DiscountUsedByEmail ? error.message : undefined,
      });
    }
    if (!(error instanceof OutOfStock)) throw error;
    return soldOutBeforeCapture(db, provider, order, error.title, { ...options, now });
  }

  // PayPal asks its buyer for the address: before any money moves, it must be in the
  // country shipping was charged for; else the order is cancelled and nothing is taken.
  await refuseShippingElsewhere(db, provider, order);

  let outcome;
  try {
    outcome = await provider.captureOrder(order.providerOrderId, captureRequestId(order));
  } catch (error) {
    throw providerError("Payment could not be completed", error);
  }
  if (outcome.kind === "declined") {
    throw new OrderError(
      `Your payment was declined (${outcome.message}). Please try again or use a different payment method.`,
      402,
    );
  }
  if (outcome.kind === "pending") {
    await db
      .update(orders)
      .set({
        captureId: outcome.capture.id,
        ...(outcome.order.shippingAddress
          ? { shippingAddress: outcome.order.shippingAddress }
          : {}),
      })
      .where(eq(orders.id, order.id));
    throw new OrderError(
      "PayPal is still processing your payment. We will e-mail your order confirmation and download links as soon as it completes.",
      409,
    );
  }
  const recorded = await recordCapture(
    db,
    provider,
    order,
    outcome.capture,
    { ...options, now },
    { shippingAddress: outcome.order.shippingAddress },
  );
  if (recorded.kind === "completed") return recorded.result;
  if (recorded.kind === "refunded") throw new OrderError(recorded.message, 409);
  throw statusError(recorded.order);
}

/**
 * An order charged shipping to one country whose PayPal order has its address in
 * another, or none at all (the parcel would have nowhere known to go): cancelled
 * before capture (holds released, nothing charged), with a sentence saying why. An
 * order created with the buyer's address has it at PayPal unchanged, so this only
 * catches what slipped through. The demo provider's address was checked when the
 * order was created.
 */
async function refuseShippingElsewhere(
  db: Database,
  provider: PaymentProvider,
  order: Order,
): Promise<void> {
  if (provider.name === "demo" || !order.shippingCountry) return;
  let address: ShippingAddress | null;
  try {
    address = (await provider.getOrder(order.providerOrderId)).shippingAddress;
  } catch (error) {
    throw providerError("Payment status could not be checked", error);
  }
  if (address && normaliseCountryCode(address.country) === order.shippingCountry) return;
  logger.warn(
    { orderId: order.id, charged: order.shippingCountry, given: address?.country ?? null },
    address
      ? "PayPal shipping address outside the country charged for; order cancelled before capture"
      : "PayPal gave no shipping address for a physical order; order cancelled before capture",
  );
  await db
    .update(orders)
    .set({ paymentStatus: "cancelled" })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending")));
  await releaseStock(db, order.providerOrderId);
  await releaseDiscountUse(db, order.providerOrderId);
  invalidateSiteCache({ kind: "shop" });
  const country = countryName(order.shippingCountry);
  throw new OrderError(
    address
      ? SHIPPING_COST_MESSAGES.captureElsewhere(country)
      : SHIPPING_COST_MESSAGES.captureNoAddress(country),
    409,
  );
}

/** What a lapsed discount is called where a sold-out item would be named. */
const discountTitle = (order: Pick<Order, "discountCode">) =>
  `the discount code ${order.discountCode ?? ""}`.trim();

/** One PayPal-Request-Id per order: a retried capture returns the first answer. */
export function captureRequestId(order: Pick<Order, "id">): string {
  return `capture-${order.id}`;
}

/**
 * The hold lapsed and the stock went to someone else. If money already moved (a
 * capture whose answer we never saw) it goes back; otherwise nothing is captured.
 * `refusal` words the answer when it is not a sold-out item (a once-per-address code).
 */
async function soldOutBeforeCapture(
  db: Database,
  provider: PaymentProvider,
  order: Order,
  title: string,
  options: OrderOptions & { now: Date; refusal?: string },
): Promise<never> {
  let captured: ProviderCapture | undefined;
  try {
    const current = await provider.getOrder(order.providerOrderId);
    captured = current.captures.find((c) => c.status === "COMPLETED");
  } catch (error) {
    throw providerError("Payment status could not be checked", error);
  }
  if (captured) {
    const refunded = await refundLateCapture(db, provider, order, captured, title, options);
    throw new OrderError(refunded.message, 409);
  }
  await db
    .update(orders)
    .set({ paymentStatus: "cancelled" })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ["pending", "cancelled"])));
  await releaseStock(db, order.providerOrderId);
  await releaseDiscountUse(db, order.providerOrderId);
  throw new OrderError(
    options.refusal
      ? `${options.refusal} You have not been charged.`
      : `Sorry: "${title}" sold out while you were checking out. You have not been charged.`,
    409,
  );
}

export type RecordOutcome =
  | { kind: "completed"; result: OrderSuccess; firstTime: boolean }
  | { kind: "refunded"; message: string }
  /** The order is refunded or failed already: nothing recorded. */
  | { kind: "not-recorded"; order: Order };

/** What the provider's order adds to a capture being recorded. */
export interface CaptureDetails {
  /** PayPal: the buyer's shipping address from the purchase unit; kept if already stored. */
  shippingAddress?: ShippingAddress | null;
}

/**
 * Records a completed capture: one transaction, and only from pending (or cancelled,
 * or failed: the money did move), so a repeated capture or a webhook for the same
 * order never records twice. Shared by create-order and the webhook.
 */
export async function recordCapture(
  db: Database,
  provider: PaymentProvider,
  order: Order,
  capture: ProviderCapture,
  options: OrderOptions,
  details: CaptureDetails = {},
): Promise<RecordOutcome> {
  const now = options.now ?? new Date();
  if (
    capture.amount !== null &&
    (!moneyEquals(capture.amount, order.totalAmount) ||
      (capture.currency !== null && capture.currency !== order.currency))
  ) {
    logger.error(
      {
        orderId: order.id,
        captureId: capture.id,
        amount: capture.amount,
        total: order.totalAmount,
      },
      "Captured amount differs from the order total; not fulfilled",
    );
    throw new OrderError(
      `The payment does not match the order. Please contact us with your PayPal transaction ID ${capture.id}.`,
      502,
    );
  }

  let queued: QueuedMail | null;
  try {
    queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({
          paymentStatus: "completed",
          captureId: capture.id,
          ...(details.shippingAddress ? { shippingAddress: details.shippingAddress } : {}),
        })
        .where(
          and(
            eq(orders.id, order.id),
            inArray(orders.paymentStatus, ["pending", "cancelled", "failed"]),
          ),
        )
        .returning();
      if (!claimed) return null;

      await commitStock(tx, order.providerOrderId);
      await commitDiscountUse(tx, order.providerOrderId);

      const lines = await confirmationLines(tx, order.id);
      await changePurchaseCounts(tx, lines, +1);
      // A pre-ordered record's codes come on its release day (preorders.server.ts).
      const twinCodes = await issueTwinCodes(
        tx,
        order.id,
        lines.filter((line) => !awaitingRelease(line)),
        now,
      );
      const { queued } = await queueOrderConfirmation(tx, claimed, lines, {
        siteUrl: options.siteUrl,
        now,
        twinCodes,
      });
      return queued;
    });
  } catch (error) {
    if (error instanceof DiscountUsedUp) {
      return refundLateCapture(db, provider, order, capture, discountTitle(order), {
        ...options,
        now,
      });
    }
    if (!(error instanceof OutOfStock)) throw error;
    return refundLateCapture(db, provider, order, capture, error.title, { ...options, now });
  }

  const firstTime = queued !== null;
  if (queued) {
    // Purchase counts order the "most popular" lists; a lapsed hold may have been retaken.
    invalidateSiteCache({ kind: "shop" });
    deliverQueuedMail(db, [queued]);
    logger.info({ orderId: order.id, provider: provider.name }, "Order completed");
    // The sale for the analytics, credited to the checkout's visit (never fails the order).
    await recordPurchase(db, order, now);
  }
  const current = (await findOrderByProviderId(db, order.providerOrderId))!;
  if (current.paymentStatus !== "completed") return { kind: "not-recorded", order: current };
  return { kind: "completed", result: await orderResult(db, current), firstTime };
}

/**
 * Adds (a completed order) or takes back (a refunded one) each item's bought quantity
 * to its purchase count, which orders the "most popular" lists. Never below zero.
 * Items in id order, so two transactions lock rows in the same order.
 */
export async function changePurchaseCounts(
  tx: Transaction,
  lines: readonly { shopItemId: string | null; quantity: number }[],
  direction: 1 | -1,
): Promise<void> {
  const bought = new Map<string, number>();
  for (const line of lines) {
    if (line.shopItemId) {
      bought.set(line.shopItemId, (bought.get(line.shopItemId) ?? 0) + line.quantity);
    }
  }
  for (const [shopItemId, quantity] of [...bought].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(shopItems)
      .set({
        purchaseCount: sql`greatest(${shopItems.purchaseCount} + ${direction * quantity}, 0)`,
      })
      .where(eq(shopItems.id, shopItemId));
  }
}

/** A capture for stock that is gone: the money goes back and the buyer gets a mail. */
async function refundLateCapture(
  db: Database,
  provider: PaymentProvider,
  order: Order,
  capture: ProviderCapture,
  soldOutTitle: string,
  options: OrderOptions & { now: Date },
): Promise<{ kind: "refunded"; message: string }> {
  logger.warn(
    { orderId: order.id, captureId: capture.id, soldOutTitle },
    "Capture arrived for stock that is gone; refunding",
  );
  try {
    await provider.refundCapture(
      capture.id,
      `refund-${order.id}`,
      `Sorry: ${soldOutTitle} sold out before your payment reached us. Full refund.`,
    );
  } catch (error) {
    // Keep the capture on the order so whoever looks at it can refund by hand.
    await db.update(orders).set({ captureId: capture.id }).where(eq(orders.id, order.id));
    logger.error(
      { err: error, orderId: order.id, captureId: capture.id },
      "Automatic refund failed",
    );
    throw new OrderError(
      `Sorry: "${soldOutTitle}" sold out before your payment reached us, and the automatic refund did not go through. Please contact us with your PayPal transaction ID ${capture.id} and we will refund you in full.`,
      502,
    );
  }
  const queued = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(orders)
      .set({ paymentStatus: "refunded", captureId: capture.id })
      .where(
        and(
          eq(orders.id, order.id),
          inArray(orders.paymentStatus, ["pending", "cancelled", "failed"]),
        ),
      )
      .returning();
    if (!marked) return null;
    return queueMail(
      tx,
      lateCaptureRefundMail({
        to: marked.customerEmail,
        orderId: order.id,
        total: marked.totalAmount,
        soldOutTitle,
        captureId: capture.id,
        siteUrl: options.siteUrl,
      }),
    );
  });
  // Other items of the order may still be held, and its discount.
  await releaseStock(db, order.providerOrderId);
  await releaseDiscountUse(db, order.providerOrderId);
  if (queued) deliverQueuedMail(db, [queued]);
  return { kind: "refunded", message: refundedMessage(order, soldOutTitle) };
}
