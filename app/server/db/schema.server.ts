/**
 * The whole data model. Column names are snake_case in SQL (drizzle `casing`),
 * camelCase in TypeScript. The spec's ranges live here as CHECK constraints so
 * that no code path, admin screen or script can store an impossible row.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShippingAddress } from "~/domain/shipping-address";
import type { ItemOption } from "~/domain/item-variant";
import type { MailCondition } from "~/domain/mail-validity";
import { CAMPAIGN_SUBJECT_MAX, type CampaignAudience } from "~/domain/newsletter-campaign";

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const orderIndex = () => integer().notNull().default(0);
/** Money as exact decimals in the database, plain numbers in TypeScript. */
const money = () => numeric({ precision: 10, scale: 2, mode: "number" });

// ---------------------------------------------------------------------------
// Site content
// ---------------------------------------------------------------------------

export const pageContent = pgTable("page_content", {
  id: id(),
  pageName: text().notNull().unique(),
  title: text(),
  description: text(),
  paragraphSpacing: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every saved state of a page-content entry, newest last: who saved it and when. A
 * save or a restore adds one; the oldest beyond the last 20 per key are pruned in the
 * same transaction. No foreign key to page_content or users: the history outlives a
 * removed account (the e-mail stays) and is keyed by page_name like the content.
 */
export const pageContentVersions = pgTable(
  "page_content_versions",
  {
    id: id(),
    pageName: text().notNull(),
    title: text(),
    description: text(),
    paragraphSpacing: text(),
    savedByUserId: text(),
    savedByEmail: text(),
    createdAt: createdAt(),
    // Orders versions written in one transaction (now() is the same for all of them).
    seq: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index("page_content_versions_page_created").on(t.pageName, t.createdAt)],
);

/**
 * The name a file had on the artist's computer, kept by the address it was stored
 * under (the server names stored files itself, docs/decisions/013): the screens show
 * "cover-photo.jpg", not the storage name. Written when an upload finishes; a file
 * stored before this table (or put in by hand) has no row and shows its storage name.
 */
export const uploadNames = pgTable("upload_names", {
  url: text().primaryKey(),
  originalName: text().notNull(),
  createdAt: createdAt(),
});

export const pageSettings = pgTable("page_settings", {
  id: id(),
  pageName: text().notNull().unique(),
  isWorkInProgress: boolean().notNull().default(false),
  wipMessage: text(),
  updatedAt: updatedAt(),
});

export type ThemeColors = Record<string, string>;
export type ThemeValues = Record<string, string>;

export const themeSettings = pgTable(
  "theme_settings",
  {
    id: id(),
    name: text().notNull(),
    colors: jsonb().$type<ThemeColors>().notNull(),
    typography: jsonb().$type<ThemeValues>().notNull().default({}),
    animations: jsonb().$type<ThemeValues>().notNull().default({}),
    isActive: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one active theme, guaranteed by the database.
    uniqueIndex("theme_settings_one_active")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

export const allowedEmails = pgTable(
  "allowed_emails",
  {
    id: id(),
    email: text().notNull().unique(),
    isAdmin: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("allowed_emails_lowercase", sql`${t.email} = lower(${t.email})`)],
);

export const featuredVideos = pgTable(
  "featured_videos",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    embedId: text(),
    videoUrl: text(),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("featured_videos_order_index", sql`${t.orderIndex} >= 0`)],
);

export const photoGallery = pgTable(
  "photo_gallery",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    altText: text().notNull(),
    imageUrl: text().notNull(),
    width: integer(),
    height: integer(),
    visualWeight: integer().notNull().default(3),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("photo_gallery_order_index", sql`${t.orderIndex} >= 0`),
    check("photo_gallery_visual_weight", sql`${t.visualWeight} between 1 and 6`),
  ],
);

export const musicalInfluences = pgTable(
  "musical_influences",
  {
    id: id(),
    name: text().notNull(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
  },
  (t) => [check("musical_influences_order_index", sql`${t.orderIndex} >= 0`)],
);

export const collaborations = pgTable(
  "collaborations",
  {
    id: id(),
    artist: text().notNull(),
    project: text().notNull(),
    year: text().notNull(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
  },
  (t) => [check("collaborations_order_index", sql`${t.orderIndex} >= 0`)],
);

export const stats = pgTable(
  "stats",
  {
    id: id(),
    iconName: text().notNull(),
    numberValue: text().notNull(),
    label: text().notNull(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
  },
  (t) => [
    check("stats_icon_name", sql`${t.iconName} in ('Music', 'Users', 'MapPin')`),
    check("stats_order_index", sql`${t.orderIndex} >= 0`),
  ],
);

export const mediaItems = pgTable(
  "media_items",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    type: text().notNull().default("photo"),
    url: text().notNull(),
    thumbnailUrl: text(),
    platform: text(),
    width: integer(),
    height: integer(),
    isFeatured: boolean().notNull().default(false),
    isVisible: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("media_items_type", sql`${t.type} in ('photo', 'video', 'social')`),
    index("media_items_visible_created").on(t.isVisible, t.createdAt),
  ],
);

export const loeVideos = pgTable(
  "loe_videos",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    embedId: text(),
    videoUrl: text(),
    thumbnailUrl: text(),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("loe_videos_order_index", sql`${t.orderIndex} >= 0`)],
);

export const loeImages = pgTable(
  "loe_images",
  {
    id: id(),
    title: text().notNull(),
    altText: text().notNull(),
    caption: text(),
    imageUrl: text().notNull(),
    width: integer(),
    height: integer(),
    visualWeight: integer().notNull().default(3),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("loe_images_order_index", sql`${t.orderIndex} >= 0`),
    check("loe_images_visual_weight", sql`${t.visualWeight} between 1 and 6`),
  ],
);

export const loeAudioTracks = pgTable(
  "loe_audio_tracks",
  {
    id: id(),
    title: text().notNull(),
    artist: text(),
    album: text(),
    audioUrl: text(),
    artworkUrl: text(),
    duration: integer(),
    orderIndex: orderIndex(),
    sourceType: text().notNull().default("soundcloud"),
    soundcloudEmbedUrl: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("loe_audio_tracks_source_type", sql`${t.sourceType} in ('soundcloud', 'file', 'url')`),
    check("loe_audio_tracks_order_index", sql`${t.orderIndex} >= 0`),
    check("loe_audio_tracks_duration", sql`${t.duration} is null or ${t.duration} >= 0`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    date: date({ mode: "string" }).notNull(),
    time: text(),
    venue: text().notNull(),
    city: text().notNull(),
    /** Set when the city was picked from the offline list; a free-text city has none. */
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    ticketUrl: text(),
    imageUrl: text(),
    videoUrl: text(),
    type: text().notNull().default("live"),
    status: text().notNull().default("upcoming"),
    isFeatured: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("events_status", sql`${t.status} in ('upcoming', 'past', 'cancelled')`),
    check("events_location", sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    index("events_date").on(t.date),
  ],
);

// ---------------------------------------------------------------------------
// Shop
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Audience and messages
// ---------------------------------------------------------------------------

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text().notNull().unique(),
    /**
     * pending (signed up, not confirmed yet), subscribed (confirmed: the only status
     * that is ever mailed in bulk), unsubscribed or bounced (the suppression list: the
     * row stays so that nothing but the person's own confirmation brings it back).
     */
    status: text().notNull().default("pending"),
    /** The token of the subscriber's own links (unsubscribe, location) in every mail. */
    unsubscribeTokenHash: text().notNull().unique(),
    /** The single-use confirmation link's token, cleared once used or swept. */
    confirmationTokenHash: text().unique(),
    confirmationSentAt: timestamp({ withTimezone: true }),
    /** When consent was given (the confirmation click) and the page the sign-up came from. */
    confirmedAt: timestamp({ withTimezone: true }),
    consentPage: text(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    bouncedAt: timestamp({ withTimezone: true }),
    /** "Where do you live?": a city of the offline list, with its country and coordinates. */
    city: text(),
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
  },
  (t) => [
    check("newsletter_subscribers_lowercase", sql`${t.email} = lower(${t.email})`),
    check(
      "newsletter_subscribers_status",
      sql`${t.status} in ('pending', 'subscribed', 'unsubscribed', 'bounced')`,
    ),
    check(
      "newsletter_subscribers_location",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or ${t.city} is not null)`,
    ),
    index("newsletter_subscribers_pending")
      .on(t.confirmationSentAt)
      .where(sql`${t.status} = 'pending'`),
    /** "Fans near a concert": the audience query narrows by this box before the exact distance. */
    index("newsletter_subscribers_position")
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'subscribed' and ${t.latitude} is not null`),
  ],
);

/**
 * A letter to the fans (issue 22). Written as a draft; "Send now" or a due schedule
 * turns it into one recipients row per address (newsletterCampaignRecipients) before
 * any mail leaves, and freezes what is sent (sentHtml / sentText, with per-recipient
 * links filled in per mail).
 */
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: id(),
    subject: text().notNull(),
    preheader: text().notNull().default(""),
    /** The letter in Markdown, with the site's own cards (events, products, tracks, videos). */
    bodyMarkdown: text().notNull().default(""),
    audience: jsonb().$type<CampaignAudience>().notNull().default({ kind: "all" }),
    status: text().notNull().default("draft"),
    /** Count clicks per link and day through a redirect on the site (never per person). */
    clickTracking: boolean().notNull().default(false),
    /** Shown in the public archive at /newsletter/<slug> once sent. */
    publishOnWeb: boolean().notNull().default(true),
    slug: text().unique(),
    /** The concert a "Tell fans nearby" draft was made for. */
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why a letter is "failed", in the artist's words (the campaign list shows it). */
    failureReason: text(),
    /** The letter as it was sent, rendered once when sending starts. */
    sentSubject: text(),
    sentHtml: text(),
    sentText: text(),
    /**
     * The letter's own links in order, frozen with sentHtml: with click tracking on,
     * /newsletter/click/<id>/<n> redirects to entry n and to nothing else.
     */
    links: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "newsletter_campaigns_status",
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed')`,
    ),
    check(
      "newsletter_campaigns_subject",
      sql`char_length(${t.subject}) between 1 and ${sql.raw(String(CAMPAIGN_SUBJECT_MAX))}`,
    ),
    check(
      "newsletter_campaigns_scheduled",
      sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`,
    ),
    index("newsletter_campaigns_due")
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One row per recipient of a campaign, written before the first mail leaves. Senders
 * claim queued rows with FOR UPDATE SKIP LOCKED, mark a row "sending" before handing it
 * to SMTP and "sent" once SMTP accepted it, so a crash leaves at most the rows in
 * flight as "unknown", and no row is ever mailed twice automatically.
 */
export const newsletterCampaignRecipients = pgTable(
  "newsletter_campaign_recipients",
  {
    id: id(),
    campaignId: uuid()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid().references(() => newsletterSubscribers.id, { onDelete: "set null" }),
    email: text().notNull(),
    status: text().notNull().default("queued"),
    /** The per-recipient token of this mail's unsubscribe and location links (hashed). */
    linkTokenHash: text().unique(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Which instance claimed the row and when (a stale "sending" row becomes "unknown"). */
    claimedBy: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** The SMTP server's last answer for a failed, bounced or retried row. */
    error: text(),
    /** Set when the subscriber unsubscribed through this campaign's mail. */
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_campaign_recipients_once").on(t.campaignId, t.email),
    check(
      "newsletter_campaign_recipients_status",
      sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unknown', 'skipped')`,
    ),
    index("newsletter_campaign_recipients_queue")
      .on(t.campaignId, t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("newsletter_campaign_recipients_status").on(t.campaignId, t.status),
  ],
);

/** Clicks per campaign, link and day, when the campaign has click tracking on: nothing per person. */
export const newsletterCampaignClicks = pgTable(
  "newsletter_campaign_clicks",
  {
    campaignId: uuid()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    url: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    clicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.url, t.day] })],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The mail that carried it to the artist, for its delivery state. */
    mailOutboxId: uuid().references(() => mailOutbox.id, { onDelete: "set null" }),
    /** Set when the artist marked it handled in /admin/messages. */
    handledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created").on(t.createdAt)],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** When the mail still means something (domain/mail-validity.ts); [] for always. */
    conditions: jsonb().$type<MailCondition[]>().notNull().default([]),
    /** Why a mail was not sent after all (status dropped), shown on /admin/messages. */
    dropReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check("mail_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed', 'dropped')`),
    index("mail_outbox_due").on(t.status, t.nextAttemptAt),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorUserId: text(),
    actorEmail: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created").on(t.createdAt),
    index("audit_log_entity_created").on(t.entity, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Better Auth (property names are the ones Better Auth expects)
// ---------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  fullName: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier").on(t.identifier)],
);

/**
 * The app's own fixed-window counters (contact, newsletter, checkout, download recovery…).
 * Not in rate_limits: Better Auth prunes that table after its own longest window, which
 * would reset the app's longer windows early.
 */
export const appRateLimits = pgTable(
  "app_rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the current window ends; a row past it counts for nothing and may be pruned. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("app_rate_limits_expires").on(t.expiresAt)],
);

/** Better Auth's own counters (its sign-in and sign-up limits); it prunes this table itself. */
export const rateLimits = pgTable("rate_limits", {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Analytics (issue 25, docs/decisions/035): cookieless counts, no personal data
// ---------------------------------------------------------------------------

/**
 * The secret salt of each calendar day of the site's time zone. A visitor's hash mixes
 * it with the client address, user agent and site; with the salt deleted (after a day),
 * nobody can tell whether two days' hashes were the same person. In the database so
 * that every instance hashes a visitor alike.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date({ mode: "string" }).primaryKey(),
  salt: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Raw events, kept a limited number of days (ANALYTICS_RETENTION_DAYS) then deleted;
 * the rollups below keep their totals for good. No address, no cookie, no user agent:
 * only the day's visitor hash and the coarse classes taken from the request.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** pageview, track_play, video_play, ticket_click, add_to_cart, checkout_started, purchase, newsletter_signup */
    kind: text().notNull(),
    visitor: text().notNull(),
    path: text().notNull().default(""),
    /** utm_source, else the referrer's host; "" for none (direct). */
    source: text().notNull().default(""),
    campaign: text().notNull().default(""),
    device: text().notNull().default(""),
    browser: text().notNull().default(""),
    /** What the event is about: a track, a video, a concert, a product, an order. */
    subject: text().notNull().default(""),
    /** complete / partial / skipped for plays; the player (file, soundcloud) in `variant`. */
    outcome: text().notNull().default(""),
    variant: text().notNull().default(""),
    value: money(),
    /** Summed into the totals already (the rollup adds each event once, in batches). */
    rolled: boolean().notNull().default(false),
  },
  (t) => [
    index("analytics_events_occurred_at").on(t.occurredAt),
    index("analytics_events_subject").on(t.kind, t.subject),
    index("analytics_events_visitor").on(t.visitor),
    index("analytics_events_unrolled")
      .on(t.id)
      .where(sql`not ${t.rolled}`),
  ],
);

/**
 * Daily totals per dimension (total, page, source, campaign, device, browser, subject…)
 * of each event kind, by calendar day of the site's time zone. Written by the rollup
 * as absolute values (upsert, never an increment), so running it twice or on two
 * instances at once leaves the same totals.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date({ mode: "string" }).notNull(),
    kind: text().notNull(),
    dimension: text().notNull(),
    key: text().notNull().default(""),
    detail: text().notNull().default(""),
    events: integer().notNull(),
    visitors: integer().notNull(),
    value: money().notNull().default(0),
  },
  (t) => [uniqueIndex("analytics_daily_key").on(t.day, t.kind, t.dimension, t.key, t.detail)],
);

/** Hourly totals of each event kind, for the "today" chart. */
export const analyticsHourly = pgTable(
  "analytics_hourly",
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
    events: integer().notNull(),
    visitors: integer().notNull(),
  },
  (t) => [uniqueIndex("analytics_hourly_key").on(t.hour, t.kind)],
);
