/** The shop room's tables: the catalogue and its variants, the maintenance switch, orders and their lines, stock holds, discount codes and their uses, shipping zones, download codes and download links, payment webhooks. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShippingAddress } from "~/domain/shop/shipping/shipping-address";
import type { ItemOption } from "~/domain/shop/catalogue/item-variant";
import { id, createdAt, updatedAt, orderIndex, money } from "./columns.server";

export const pageSettings = pgTable("page_settings", {
  id: id(),
  pageName: text().notNull().unique(),
  isWorkInProgress: boolean().notNull().default(false),
  wipMessage: text(),
  updatedAt: updatedAt(),
});

export const SHOP_CATEGORIES = [
  "digital_music",
  "cd",
  "physical_music",
  "sheet_music",
  "merchandise",
  "free_content",
] as const;

export const shopItems = pgTable(
  "shop_items",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    /** With name your price: the suggested price, the amount a buyer starts from. */
    price: money(),
    /**
     * Name your price (issue 23): the least a buyer may pay, 0 for "free, or pay what
     * you want"; null for an item sold at its fixed price.
     */
    minimumPrice: money(),
    imageUrl: text(),
    category: text().notNull(),
    /** What the artist calls the item's medium ("Vinyl LP", "Cassette"); null: the spec's label. */
    format: text(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bandcampUrl: text(),
    externalUrl: text(),
    /** A storage key for a private file, never a public URL. */
    pdfFileUrl: text(),
    downloadLimit: integer().notNull().default(5),
    downloadExpiryDays: integer().notNull().default(30),
    /** Null means stock is not tracked for this item. */
    inventoryCount: integer(),
    /**
     * A CD or vinyl item's digital twin: buying the record also mails a download code
     * for this item (issue 23).
     */
    digitalTwinId: uuid().references((): AnyPgColumn => shopItems.id, { onDelete: "set null" }),
    /**
     * A physical item's options, such as Size and Colour (issue 24); [] for an item sold
     * as one thing. Each combination is a row of shop_item_variants.
     */
    options: jsonb().$type<ItemOption[]>().notNull().default([]),
    /** A pre-order's release day in the site's time zone (issue 24); null: out now. */
    releaseDate: date({ mode: "string" }),
    isVisible: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    orderIndex: orderIndex(),
    purchaseCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "shop_items_category",
      sql`${t.category} in ('digital_music', 'cd', 'physical_music', 'sheet_music', 'merchandise', 'free_content')`,
    ),
    check("shop_items_price", sql`${t.price} is null or ${t.price} >= 0`),
    check(
      "shop_items_minimum_price",
      sql`${t.minimumPrice} is null or (${t.minimumPrice} >= 0 and ${t.category} in ('digital_music', 'sheet_music', 'free_content'))`,
    ),
    check("shop_items_stock", sql`${t.inventoryCount} is null or ${t.inventoryCount} >= 0`),
    check("shop_items_download_limit", sql`${t.downloadLimit} between 1 and 100`),
    check("shop_items_download_expiry", sql`${t.downloadExpiryDays} between 1 and 365`),
    check("shop_items_order_index", sql`${t.orderIndex} >= 0`),
    check("shop_items_purchase_count", sql`${t.purchaseCount} >= 0`),
    index("shop_items_visible_order").on(t.isVisible, t.orderIndex),
  ],
);

/**
 * One combination of a shop item's options, such as "Black, L" (issue 24), with its own
 * stock. Like shop_items.inventory_count, stock changes only by conditional UPDATEs.
 */
export const shopItemVariants = pgTable(
  "shop_item_variants",
  {
    id: id(),
    shopItemId: uuid()
      .notNull()
      .references(() => shopItems.id, { onDelete: "cascade" }),
    /** One value per option of the item, in the item's option order: ["Black", "L"]. */
    optionValues: text().array().notNull(),
    /** Added to the item's price for this variant; may be negative, never below a 0 total. */
    priceDifference: money().notNull().default(0),
    sku: text(),
    /** Null means stock is not tracked for this variant. */
    inventoryCount: integer(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_item_variants_stock", sql`${t.inventoryCount} is null or ${t.inventoryCount} >= 0`),
    uniqueIndex("shop_item_variants_item_values").on(t.shopItemId, t.optionValues),
    index("shop_item_variants_item_order").on(t.shopItemId, t.orderIndex),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    provider: text().notNull(),
    /** The payment provider's order id: one order per provider order, ever. */
    providerOrderId: text().notNull().unique(),
    customerEmail: text().notNull(),
    paymentStatus: text().notNull().default("pending"),
    captureId: text(),
    totalAmount: money().notNull(),
    currency: text().notNull().default("USD"),
    /** Only for orders holding physical goods; null until the buyer gave one. */
    shippingAddress: jsonb().$type<ShippingAddress>(),
    shippedAt: timestamp({ withTimezone: true }),
    shippingCarrier: text(),
    trackingNumber: text(),
    /** The discount code the order was priced with (upper case), if any. */
    discountCode: text(),
    /** What the code took off; total_amount is already after it. */
    discountAmount: money().notNull().default(0),
    /** What shipping cost (0 for digital-only orders); total_amount includes it. */
    shippingAmount: money().notNull().default(0),
    /** The destination shipping was charged for (ISO 3166-1 alpha-2); null: nothing shipped. */
    shippingCountry: text(),
    /** The zone's name as it was when the order was priced. */
    shippingZone: text(),
    /** The provider's refund id, once the artist refunded the order. */
    refundId: text(),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "orders_payment_status",
      sql`${t.paymentStatus} in ('pending', 'completed', 'failed', 'refunded', 'cancelled')`,
    ),
    check("orders_total", sql`${t.totalAmount} >= 0`),
    check("orders_discount", sql`${t.discountAmount} >= 0`),
    check("orders_shipping", sql`${t.shippingAmount} >= 0`),
    index("orders_customer_email").on(t.customerEmail),
    index("orders_created").on(t.createdAt),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopItemId: uuid().references(() => shopItems.id, { onDelete: "set null" }),
    title: text().notNull(),
    category: text().notNull(),
    format: text(),
    quantity: integer().notNull(),
    /** What the buyer paid for one: the item's price, or the amount they named. */
    unitPrice: money().notNull(),
    lineTotal: money().notNull(),
    /** A name-your-price line: the item's minimum when it was bought; null at a fixed price. */
    minimumPrice: money(),
    /** The variant bought (issue 24); null for an item without options. */
    variantId: uuid().references(() => shopItemVariants.id, { onDelete: "set null" }),
    /** The variant as the buyer chose it ("Black, L"), kept if the variant goes. */
    variantLabel: text(),
    /**
     * A pre-order line (issue 24): the release day it waits for, kept equal to the item's
     * while it waits (moving the date moves it); null for a line that was out when bought.
     */
    preorderReleaseDate: date({ mode: "string" }),
    /**
     * When the release job delivered a pre-order line: files mailed, parcel due to ship.
     * Set in the same transaction that queues the mail, so each buyer is mailed once.
     */
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_lines_quantity", sql`${t.quantity} > 0`),
    index("order_lines_preorder_due").on(t.preorderReleaseDate, t.releasedAt),
    check("order_lines_unit_price", sql`${t.unitPrice} >= 0`),
    index("order_lines_order").on(t.orderId),
  ],
);

export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: id(),
    shopItemId: uuid()
      .notNull()
      .references(() => shopItems.id, { onDelete: "cascade" }),
    /** The variant held, for an item with options (issue 24); null: the item's own stock. */
    variantId: uuid().references(() => shopItemVariants.id, { onDelete: "cascade" }),
    providerOrderId: text().notNull(),
    quantity: integer().notNull(),
    status: text().notNull().default("held"),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("stock_reservations_quantity", sql`${t.quantity} > 0`),
    check(
      "stock_reservations_status",
      sql`${t.status} in ('held', 'committed', 'released', 'expired')`,
    ),
    // One hold per order and item, or per order and variant.
    unique("stock_reservations_order_item_variant")
      .on(t.providerOrderId, t.shopItemId, t.variantId)
      .nullsNotDistinct(),
    index("stock_reservations_status_expiry").on(t.status, t.expiresAt),
  ],
);

/**
 * Discount codes (issue 23). `uses_taken` counts uses held by open checkouts and uses
 * of paid orders; a use is taken by one conditional UPDATE (`uses_taken < max_uses`),
 * like stock, so concurrent buyers can never exceed the limit.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: id(),
    /** Letters and digits, upper case. */
    code: text().notNull().unique(),
    kind: text().notNull(),
    /** Percent (1–100) or dollars. */
    amount: money().notNull(),
    /** Empty: the whole order. */
    itemIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    minimumOrder: money(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    usesTaken: integer().notNull().default(0),
    oncePerEmail: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("discount_codes_kind", sql`${t.kind} in ('percent', 'fixed')`),
    check(
      "discount_codes_amount",
      sql`${t.amount} > 0 and (${t.kind} = 'fixed' or ${t.amount} <= 100)`,
    ),
    check("discount_codes_code", sql`${t.code} ~ '^[A-Z0-9]{3,32}$'`),
    check(
      "discount_codes_uses",
      sql`${t.usesTaken} >= 0 and (${t.maxUses} is null or ${t.usesTaken} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * Shipping zones (issue 24): a list of countries with a rate for the first shipped item
 * and one for each further item, free from an order value, and a switch. A country is
 * in at most one enabled zone (checked by shop/shipping-zones.server.ts under a lock).
 */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: id(),
    name: text().notNull(),
    /** ISO 3166-1 alpha-2 codes, upper case. */
    countries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstItemRate: money().notNull(),
    additionalItemRate: money().notNull(),
    /** Goods subtotal after discount from which shipping is free; null: never free. */
    freeAbove: money(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "shipping_zones_rates",
      sql`${t.firstItemRate} >= 0 and ${t.additionalItemRate} >= 0 and (${t.freeAbove} is null or ${t.freeAbove} >= 0)`,
    ),
  ],
);

/** One use of a code by one checkout: held, then committed, released or expired. */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    id: id(),
    discountCodeId: uuid()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    providerOrderId: text().notNull().unique(),
    /** Lower case, for "once per e-mail address". */
    email: text().notNull(),
    amount: money().notNull(),
    status: text().notNull().default("held"),
    /**
     * The code was "once per e-mail address" when this use was taken (or retaken): such
     * uses are at most one live (held or committed) per code and address, by the unique
     * index below, which settles two checkouts from one address at the same moment.
     */
    oncePerEmail: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "discount_code_uses_status",
      sql`${t.status} in ('held', 'committed', 'released', 'expired')`,
    ),
    index("discount_code_uses_code_email").on(t.discountCodeId, t.email),
    uniqueIndex("discount_code_uses_once_per_email")
      .on(t.discountCodeId, t.email)
      .where(sql`${t.oncePerEmail} and ${t.status} in ('held', 'committed')`),
    index("discount_code_uses_status_expiry").on(t.status, t.expiresAt),
  ],
);

/** A batch of download codes the artist generated for one digital item (issue 23). */
export const downloadCodeBatches = pgTable(
  "download_code_batches",
  {
    id: id(),
    shopItemId: uuid()
      .notNull()
      .references(() => shopItems.id, { onDelete: "cascade" }),
    label: text().notNull(),
    /** "artist": generated in the back office; "twin": one code mailed with a record. */
    source: text().notNull().default("artist"),
    /** A twin's codes: the record's order they were mailed with (resend replaces, refund revokes). */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("download_code_batches_source", sql`${t.source} in ('artist', 'twin')`),
    index("download_code_batches_item").on(t.shopItemId),
    index("download_code_batches_order")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/**
 * One single-use download code. Only its SHA-256 is stored: the code itself exists on
 * the artist's printed cards and CSV, never here.
 */
export const downloadCodes = pgTable(
  "download_codes",
  {
    id: id(),
    batchId: uuid()
      .notNull()
      .references(() => downloadCodeBatches.id, { onDelete: "cascade" }),
    codeHash: text().notNull().unique(),
    status: text().notNull().default("unused"),
    /** Lower case; who redeemed it. */
    redeemedEmail: text(),
    redeemedAt: timestamp({ withTimezone: true }),
    /** The free order a redemption is recorded as, so its download links work as any. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("download_codes_status", sql`${t.status} in ('unused', 'redeemed', 'revoked')`),
    index("download_codes_batch_status").on(t.batchId, t.status),
  ],
);

export const downloadTokens = pgTable(
  "download_tokens",
  {
    id: id(),
    orderLineId: uuid()
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself only ever exists in the buyer's mail. */
    tokenHash: text().notNull().unique(),
    downloadCount: integer().notNull().default(0),
    /**
     * Bytes served by range requests since the last one they added up to: each time
     * partial requests add up to the file's size, that is one more download.
     */
    rangeBytesServed: bigint({ mode: "number" }).notNull().default(0),
    downloadLimit: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastDownloadedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("download_tokens_count", sql`${t.downloadCount} >= 0`),
    check("download_tokens_limit", sql`${t.downloadLimit} between 1 and 100`),
  ],
);

/**
 * Payment-provider webhook deliveries already handled. The provider retries and may
 * deliver an event more than once; the unique event id makes each count only once.
 */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  id: id(),
  provider: text().notNull(),
  eventId: text().notNull().unique(),
  eventType: text().notNull(),
  /** What the event was about (a capture or refund id), for the log. */
  resourceId: text(),
  /** What processing did: e.g. "fulfilled", "refunded", "ignored: unknown order". */
  outcome: text(),
  createdAt: createdAt(),
});
