/** Shop data for integration tests: items, carts in the endpoints' shapes, mail links. */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/database.server";
import { mailOutbox } from "../db/schema/mail.server";
import { shopItems } from "../db/schema/shop.server";

export type ShopItemRow = typeof shopItems.$inferSelect;

let counter = 0;

export async function insertShopItem(
  db: Database,
  values: Partial<typeof shopItems.$inferInsert> = {},
): Promise<ShopItemRow> {
  counter++;
  const [row] = await db
    .insert(shopItems)
    .values({
      title: `Test item ${counter}`,
      category: "cd",
      price: 15,
      inventoryCount: 10,
      ...values,
    })
    .returning();
  return row!;
}

export interface CartLine {
  item: ShopItemRow;
  quantity: number;
  /** Defaults to the item's price; set it to tamper. */
  price?: number;
}

/** A complete address, as the checkout drawer sends it for physical goods. */
export const TEST_SHIPPING_ADDRESS = {
  name: "Ella Buyer",
  line1: "12 Blue Note Lane",
  line2: "",
  city: "New Orleans",
  region: "LA",
  postalCode: "70116",
  country: "United States",
};

/**
 * The create-provider-order body for a cart. It carries a shipping address, which the
 * demo provider needs for physical goods (PayPal ignores it: it asks the buyer); null
 * sends none.
 */
export function providerOrderBody(
  lines: CartLine[],
  customerEmail = "fan@example.com",
  shippingAddress: Record<string, unknown> | null = TEST_SHIPPING_ADDRESS,
) {
  return {
    ...(shippingAddress ? { shippingAddress } : {}),
    items: lines.map((l) => ({
      id: l.item.id,
      title: l.item.title,
      price: l.price ?? l.item.price ?? 0,
      quantity: l.quantity,
      category: l.item.category,
    })),
    customerEmail,
  };
}

/** The create-order body for the same cart. */
export function orderBody(
  paypalOrderId: string,
  lines: CartLine[],
  customerEmail = "fan@example.com",
) {
  const items = lines.map((l) => ({
    shopItemId: l.item.id,
    quantity: l.quantity,
    pricePerItem: l.price ?? l.item.price ?? 0,
  }));
  const totalAmount =
    Math.round(items.reduce((s, i) => s + i.pricePerItem * i.quantity, 0) * 100) / 100;
  return { customerEmail, paypalOrderId, items, totalAmount };
}

export async function stockOf(db: Database, id: string): Promise<number | null> {
  const [row] = await db
    .select({ n: shopItems.inventoryCount })
    .from(shopItems)
    .where(eq(shopItems.id, id));
  return row!.n;
}

/** The mails queued for an address, oldest first. */
export async function mailsTo(db: Database, to: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(asc(mailOutbox.createdAt));
}

/** The download tokens in a mail's text. */
export function downloadTokensIn(text: string): string[] {
  return [...text.matchAll(/\/download\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
}
