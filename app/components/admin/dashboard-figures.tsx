/**
 * The dashboard's figures at a glance, each a link to the screen where it can be acted
 * on. A figure that could not be read shows a dash, never an error page; a figure the
 * person may not see (money and personal data without Admin privileges) is absent.
 */
import { Link } from "react-router";
import { HandCoins, Inbox, PackageMinus, Receipt, Users } from "lucide-react";
import { formatPrice } from "~/domain/money";
import type { PaidMoreFigures } from "~/domain/name-your-price";

/** null: could not be read; absent: not for this person (docs/decisions/014). */
export interface DashboardFiguresData {
  sales?: { orders: number; revenue: number } | null;
  unhandledMessages?: number | null;
  lowStock: number | null;
  subscribers?: number | null;
  paidMore?: PaidMoreFigures | null;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function DashboardFigures({ figures }: { figures: DashboardFiguresData }) {
  const { sales, unhandledMessages, lowStock, subscribers, paidMore } = figures;
  const items = [
    sales !== undefined && {
      key: "sales",
      to: "/admin/orders",
      icon: Receipt,
      value: sales ? formatPrice(sales.revenue) : "—",
      label: sales
        ? `${sales.orders} ${plural(sales.orders, "order", "orders")} in the last 30 days`
        : "Orders could not be counted",
    },
    unhandledMessages !== undefined && {
      key: "messages",
      to: "/admin/messages?filter=unhandled",
      icon: Inbox,
      value: unhandledMessages ?? "—",
      label:
        unhandledMessages === null
          ? "Messages could not be counted"
          : plural(unhandledMessages, "message waiting", "messages waiting"),
    },
    {
      key: "stock",
      to: "/admin/shop",
      icon: PackageMinus,
      value: lowStock ?? "—",
      label:
        lowStock === null
          ? "Stock could not be checked"
          : plural(lowStock, "product low on stock", "products low on stock"),
    },
    subscribers !== undefined && {
      key: "subscribers",
      to: "/admin/subscribers",
      icon: Users,
      value: subscribers ?? "—",
      label:
        subscribers === null
          ? "Subscribers could not be counted"
          : plural(subscribers, "newsletter subscriber", "newsletter subscribers"),
    },
    // Only once a name-your-price copy has sold: before that there is nothing to tell.
    paidMore !== undefined &&
      (paidMore === null || paidMore.sales > 0) && {
        key: "paid-more",
        to: "/admin/orders",
        icon: HandCoins,
        value: paidMore ? `${paidMore.paidMorePercent ?? 0}%` : "—",
        label: paidMore
          ? `of ${paidMore.sales} name-your-price ${plural(paidMore.sales, "copy", "copies")} paid more than the minimum${
              paidMore.averageExtra !== null
                ? `, ${formatPrice(paidMore.averageExtra)} more on average`
                : ""
            }`
          : "Name-your-price sales could not be counted",
      },
  ].filter((item) => item !== false);
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="sr-only">
        At a glance
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map(({ key, to, icon: Icon, value, label }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`figure-${key}`}
              className="flex h-full items-center gap-4 rounded-2xl border border-border/70 bg-card p-5 transition-colors hover:border-primary/60 focus-visible:border-primary"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/25">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-display text-2xl font-semibold text-foreground tabular-nums">
                  {value}
                </span>
                <span className="block text-sm text-muted-foreground">{label}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
