/** Prices show 2 decimals; totals compare within one cent (public-site spec §9). */
export const PRICE_TOLERANCE = 0.01;

export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function formatPrice(value: number): string {
  return `$${roundMoney(value).toFixed(2)}`;
}

const toCents = (value: number) => Math.round((value + Number.EPSILON) * 100);

/** Two amounts agree when they differ by less than the tolerance, compared in whole cents. */
export function moneyEquals(a: number, b: number): boolean {
  return Math.abs(toCents(a) - toCents(b)) < Math.round(PRICE_TOLERANCE * 100);
}

/**
 * A whole number with thousands commas ("10,000"), as en-US writes it, without Intl:
 * the first Intl number format of a page loads the browser's locale data, ~16 ms of a
 * desktop's main thread while a page starts (issue 28).
 */
export function formatWholeNumber(value: number): string {
  const digits = String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return value < 0 && Math.trunc(value) !== 0 ? `-${digits}` : digits;
}
