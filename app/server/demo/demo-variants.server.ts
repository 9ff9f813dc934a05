/**
 * The demo T-shirt's sizes and colours (issue 24): Black and Sand in S to XXL, XXL
 * at $2 more, and one size (Black S) sold out, so the shop shows what variants are for.
 */
import { eq } from "drizzle-orm";
import { optionCombinations, type ItemOption } from "~/domain/shop/catalogue/item-variant";
import type { Transaction } from "../db/database.server";
import { shopItemVariants, shopItems } from "../db/schema/shop.server";

export const DEMO_TSHIRT_TITLE = "LOE Logo T-Shirt";

export const DEMO_TSHIRT_OPTIONS: ItemOption[] = [
  { name: "Colour", values: ["Black", "Sand"] },
  { name: "Size", values: ["S", "M", "L", "XL", "XXL"] },
];

const STOCK: Record<string, number> = { S: 6, M: 12, L: 9, XL: 7, XXL: 4 };

/** One row per combination: stock per size, Black S sold out, XXL +2. */
export function demoTshirtVariants(shopItemId: string) {
  return optionCombinations(DEMO_TSHIRT_OPTIONS).map(([colour, size], orderIndex) => ({
    shopItemId,
    optionValues: [colour!, size!],
    inventoryCount: colour === "Black" && size === "S" ? 0 : STOCK[size!]!,
    priceDifference: size === "XXL" ? 2 : 0,
    sku: `LOE-TEE-${colour!.toUpperCase()}-${size}`,
    orderIndex,
  }));
}

/** Seeds the T-shirt's variants when the demo shop was just seeded (none exist yet). */
export async function seedDemoVariants(tx: Transaction): Promise<number> {
  const [existing] = await tx.select({ id: shopItemVariants.id }).from(shopItemVariants).limit(1);
  if (existing) return 0;
  const [shirt] = await tx
    .select({ id: shopItems.id, options: shopItems.options })
    .from(shopItems)
    .where(eq(shopItems.title, DEMO_TSHIRT_TITLE))
    .limit(1);
  if (!shirt || shirt.options.length === 0) return 0;
  const rows = demoTshirtVariants(shirt.id);
  await tx.insert(shopItemVariants).values(rows);
  return rows.length;
}
