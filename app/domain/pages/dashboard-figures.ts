/** The dashboard's figures as the server reads them and the screen draws them. */
import type { PaidMoreFigures } from "../shop/catalogue/name-your-price";

/** null: could not be read; absent: not for this person (docs/decisions/014). */
export interface DashboardFigures {
  /** Paid orders in the window, and their total; refunded orders count for neither. */
  sales?: { orders: number; revenue: number } | null;
  unhandledMessages?: number | null;
  /** Products on sale with 1 to 5 left ("low"), and with none left ("out"). */
  stock: { low: number; out: number } | null;
  subscribers?: number | null;
  /** Name your price: how often fans paid more than the minimum, and by how much. */
  paidMore?: PaidMoreFigures | null;
  /** Visitors of the last 7 days, today included (analytics, issue 25). */
  visitors?: number | null;
}
