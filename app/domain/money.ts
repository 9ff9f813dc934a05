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
