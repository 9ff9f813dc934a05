/**
 * Options and variants of a physical item (issue 24): a T-shirt's Size and Colour, and
 * each combination ("Black, L") with its own stock, price difference and SKU. Pure
 * rules, shared by the admin dialog, the product card, the cart and the server.
 */

/** One option of an item, such as { name: "Size", values: ["S", "M", "L"] }. */
export interface ItemOption {
  name: string;
  values: string[];
}

export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 30;
/** Size and Colour, and room for one more; a shop with more is a catalogue, not merch. */
export const OPTIONS_MAX = 3;
export const OPTION_VALUES_MAX = 20;
/** The combinations an item may have (3 options of 20 values would be 8,000). */
export const VARIANTS_MAX = 100;

/** The categories that can have options: things that are posted. */
export const VARIANT_CATEGORIES = ["merchandise", "cd", "physical_music"] as const;

export function canHaveOptions(category: string): boolean {
  return (VARIANT_CATEGORIES as readonly string[]).includes(category);
}

/** How a buyer reads a variant: its values joined, "Black, L". */
export function variantLabel(optionValues: readonly string[]): string {
  return optionValues.join(", ");
}

/** What an order line, a cart line and a mail call a variant: "T-shirt, Black, L". */
export function lineTitle(title: string, label: string | null | undefined): string {
  return label ? `${title}, ${label}` : title;
}

/** The price of a variant: the item's price plus its difference, never below 0. */
export function variantPrice(itemPrice: number, priceDifference: number): number {
  const cents = Math.round((itemPrice + priceDifference) * 100);
  return Math.max(0, cents) / 100;
}

/** Every combination of the options' values, in option order: [["Black","S"], ...]. */
export function optionCombinations(options: readonly ItemOption[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((v) => [...combo, v])),
    [[]],
  );
}

/** One key per combination (values are free text, so a joined string could collide). */
export function combinationKey(optionValues: readonly string[]): string {
  return JSON.stringify(optionValues);
}

export const SKU_MAX = 64;
/** A price difference beyond this is a typo, not a size. */
export const PRICE_DIFFERENCE_MAX = 10_000;

export const VARIANT_MESSAGES = {
  notPhysical: "Only merchandise, CDs and physical music can have options.",
  tooManyOptions: `An item can have at most ${OPTIONS_MAX} options.`,
  optionNameEmpty: "Every option needs a name, such as Size or Colour.",
  optionNameTooLong: `An option's name can be at most ${OPTION_NAME_MAX} characters.`,
  duplicateOption: (name: string) => `There are two options called "${name}".`,
  noValues: (name: string) => `Give ${name} at least one value.`,
  tooManyValues: (name: string) => `${name} can have at most ${OPTION_VALUES_MAX} values.`,
  valueEmpty: (name: string) => `${name} has an empty value.`,
  valueTooLong: (name: string) =>
    `The values of ${name} can be at most ${OPTION_VALUE_MAX} characters.`,
  duplicateValue: (name: string, value: string) => `${name} has "${value}" twice.`,
  tooManyVariants: (count: number) =>
    `These options make ${count} combinations; an item can have at most ${VARIANTS_MAX}.`,
  badStock: (label: string) => `The stock of ${label} must be a whole number of 0 or more.`,
  badPrice: (label: string) =>
    `The price difference of ${label} must be an amount between -${PRICE_DIFFERENCE_MAX} and ${PRICE_DIFFERENCE_MAX}.`,
  skuTooLong: (label: string) => `The SKU of ${label} can be at most ${SKU_MAX} characters.`,
  unknownCombination: (label: string) => `"${label}" is not a combination of the options.`,
  // Checkout (the cart and the server).
  chooseOption: (option: string, title: string) => `Choose a ${option} for ${title}.`,
  unknownVariant: (title: string) =>
    `The option you chose for ${title} is no longer sold. Please remove it from your cart and choose again.`,
  optionsChanged: (title: string, was: string, now: string | null) =>
    now
      ? `The options of ${title} changed while it was in your cart: "${was}" is now "${now}". Please check your cart and try again.`
      : `The options of ${title} changed while it was in your cart: "${was}" is no longer sold. Please remove it and choose again.`,
  noOptions: (title: string) =>
    `${title} has no options any more. Please remove it from your cart and add it again.`,
  soldOut: (title: string, label: string) => `${lineTitle(title, label)} is sold out.`,
} as const;

/** A variant as the dialog posts it. */
export interface VariantInput {
  optionValues: string[];
  priceDifference: number;
  sku: string | null;
  inventoryCount: number | null;
}

export interface VariantsInput {
  options: ItemOption[];
  variants: VariantInput[];
}

export type VariantsCheck = { ok: true; value: VariantsInput } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Trims and checks the options: names and values present, unique (ignoring case), within limits. */
export function checkOptions(
  raw: readonly ItemOption[],
): { ok: true; options: ItemOption[] } | { ok: false; message: string } {
  if (raw.length > OPTIONS_MAX) return fail(VARIANT_MESSAGES.tooManyOptions);
  const options: ItemOption[] = [];
  const names = new Set<string>();
  for (const option of raw) {
    const name = option.name.trim();
    if (!name) return fail(VARIANT_MESSAGES.optionNameEmpty);
    if (name.length > OPTION_NAME_MAX) return fail(VARIANT_MESSAGES.optionNameTooLong);
    if (names.has(name.toLowerCase())) return fail(VARIANT_MESSAGES.duplicateOption(name));
    names.add(name.toLowerCase());
    const values: string[] = [];
    const seen = new Set<string>();
    for (const rawValue of option.values) {
      const value = rawValue.trim();
      if (!value) return fail(VARIANT_MESSAGES.valueEmpty(name));
      if (value.length > OPTION_VALUE_MAX) return fail(VARIANT_MESSAGES.valueTooLong(name));
      if (seen.has(value.toLowerCase())) return fail(VARIANT_MESSAGES.duplicateValue(name, value));
      seen.add(value.toLowerCase());
      values.push(value);
    }
    if (values.length === 0) return fail(VARIANT_MESSAGES.noValues(name));
    if (values.length > OPTION_VALUES_MAX) return fail(VARIANT_MESSAGES.tooManyValues(name));
    options.push({ name, values });
  }
  return { ok: true, options };
}

/**
 * Checks what the dialog posts: the options, then one row per combination (a posted row
 * for a combination that is not one is refused; a combination without a row gets stock
 * 0, no difference and no SKU). Returns the variants in combination order.
 */
export function checkVariantsInput(input: VariantsInput, category: string): VariantsCheck {
  if (input.options.length > 0 && !canHaveOptions(category))
    return fail(VARIANT_MESSAGES.notPhysical);
  const checked = checkOptions(input.options);
  if (!checked.ok) return checked;
  const { options } = checked;
  const combinations = optionCombinations(options);
  if (combinations.length > VARIANTS_MAX)
    return fail(VARIANT_MESSAGES.tooManyVariants(combinations.length));
  const posted = new Map<string, VariantInput>();
  const known = new Set(combinations.map(combinationKey));
  for (const variant of input.variants) {
    const values = variant.optionValues.map((v) => v.trim());
    const key = combinationKey(values);
    if (!known.has(key)) {
      if (options.length === 0) continue;
      return fail(VARIANT_MESSAGES.unknownCombination(variantLabel(values)));
    }
    posted.set(key, { ...variant, optionValues: values });
  }
  const variants: VariantInput[] = [];
  for (const values of combinations) {
    const label = variantLabel(values);
    const row = posted.get(combinationKey(values));
    const stock = row ? row.inventoryCount : 0;
    if (stock !== null && (!Number.isInteger(stock) || stock < 0))
      return fail(VARIANT_MESSAGES.badStock(label));
    const difference = row?.priceDifference ?? 0;
    if (
      !Number.isFinite(difference) ||
      Math.abs(difference) > PRICE_DIFFERENCE_MAX ||
      Math.abs(difference * 100 - Math.round(difference * 100)) > 1e-6
    )
      return fail(VARIANT_MESSAGES.badPrice(label));
    const sku = row?.sku?.trim() || null;
    if (sku && sku.length > SKU_MAX) return fail(VARIANT_MESSAGES.skuTooLong(label));
    variants.push({
      optionValues: values,
      priceDifference: difference,
      sku,
      inventoryCount: stock,
    });
  }
  return { ok: true, value: { options, variants } };
}

/** A variant as the shop page gets it: no exact count unless it is low (as items show). */
export interface PublicVariant {
  id: string;
  values: string[];
  /** The price a buyer pays for it: the item's price plus its difference. */
  price: number;
  inStock: boolean;
  /** Tracked stock: the count, for the cart's limit and "Only N left"; null: not tracked. */
  stock: number | null;
}

/** A variant as the server knows it, for pricing a checkout line. */
export interface CatalogueVariant {
  id: string;
  optionValues: string[];
  priceDifference: number;
  inventoryCount: number | null;
}

export type VariantChoice =
  { ok: true; variant: CatalogueVariant | null } | { ok: false; error: string };

/**
 * Which variant a checkout line buys. An item without options takes no variant; an item
 * with options needs one of its own, and the label the cart showed must still be the
 * variant's (an artist who renamed or removed a value changed what the buyer chose).
 */
export function chooseVariant(
  item: { title: string; options: readonly ItemOption[]; variants: readonly CatalogueVariant[] },
  variantId: string | null | undefined,
  cartLabel?: string | null,
): VariantChoice {
  if (item.options.length === 0) {
    if (variantId || cartLabel) return { ok: false, error: VARIANT_MESSAGES.noOptions(item.title) };
    return { ok: true, variant: null };
  }
  if (!variantId) {
    return { ok: false, error: VARIANT_MESSAGES.chooseOption(item.options[0]!.name, item.title) };
  }
  const variant = item.variants.find((v) => v.id === variantId);
  if (!variant) {
    return {
      ok: false,
      error: cartLabel
        ? VARIANT_MESSAGES.optionsChanged(item.title, cartLabel, null)
        : VARIANT_MESSAGES.unknownVariant(item.title),
    };
  }
  const label = variantLabel(variant.optionValues);
  if (cartLabel && cartLabel !== label) {
    return { ok: false, error: VARIANT_MESSAGES.optionsChanged(item.title, cartLabel, label) };
  }
  return { ok: true, variant };
}

/** An item with variants counts the variants' stock: their total, or null if none is tracked. */
export function totalVariantStock(
  variants: readonly { inventoryCount: number | null }[],
): number | null {
  const tracked = variants.filter((v) => v.inventoryCount !== null);
  if (tracked.length === 0) return null;
  return tracked.reduce((sum, v) => sum + Math.max(0, v.inventoryCount ?? 0), 0);
}

/**
 * The variant a buyer's choices name, if every option is chosen: `chosen` holds one
 * value per option name.
 */
export function findVariant<V extends { values: string[] }>(
  options: readonly ItemOption[],
  variants: readonly V[],
  chosen: Readonly<Record<string, string>>,
): V | null {
  const values = options.map((o) => chosen[o.name]);
  if (values.some((v) => !v)) return null;
  const key = combinationKey(values as string[]);
  return variants.find((v) => combinationKey(v.values) === key) ?? null;
}

/** Whether a value can still be chosen: some in-stock variant has it with the other choices. */
export function valueAvailable<V extends { values: string[]; inStock: boolean }>(
  options: readonly ItemOption[],
  variants: readonly V[],
  chosen: Readonly<Record<string, string>>,
  optionIndex: number,
  value: string,
): boolean {
  return variants.some(
    (v) =>
      v.inStock &&
      v.values[optionIndex] === value &&
      options.every(
        (o, i) => i === optionIndex || !chosen[o.name] || v.values[i] === chosen[o.name],
      ),
  );
}
