/**
 * The dashboard's figures at a glance, each a link to the screen where it can be acted
 * on: the stock figures open the shop filtered to the products they count. A figure
 * that could not be read shows a dash, never an error page; a figure the person may not
 * see (money and personal data without Admin privileges) is absent. On a phone they sit
 * two to a row, so the whole overview is on the first screen.
 */
import { Link } from "react-router";
import { Eye, HandCoins, Inbox, PackageMinus, PackageX, Receipt, Users } from "lucide-react";
import { formatPrice } from "~/domain/core/money";
import type { DashboardFigures as DashboardFiguresData } from "~/domain/pages/dashboard-figures";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function DashboardFigures({ figures }: { figures: DashboardFiguresData }) {
  const { sales, unhandledMessages, stock, subscribers, paidMore, visitors } = figures;
  const items = [
    visitors !== undefined && {
      key: "visitors",
      to: "/admin/analytics?period=7d",
      icon: Eye,
      value: visitors ?? "—",
      label:
        visitors === null
          ? "Visitors could not be counted"
          : `${plural(visitors, "visitor", "visitors")} in the last 7 days`,
    },
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
      to: "/admin/shop?stock=low",
      icon: PackageMinus,
      value: stock ? stock.low : "—",
      label: stock
        ? plural(stock.low, "product low on stock", "products low on stock")
        : "Stock could not be checked",
    },
    {
      key: "out-of-stock",
      to: "/admin/shop?stock=out",
      icon: PackageX,
      value: stock ? stock.out : "—",
      label: stock
        ? plural(stock.out, "product out of stock", "products out of stock")
        : "Stock could not be checked",
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
      <ul
        data-testid="dashboard-figures"
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5"
      >
        {items.map(({ key, to, icon: Icon, value, label }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`figure-${key}`}
              className="flex h-full items-start gap-3 rounded-2xl border border-border/70 bg-card p-3 transition-colors hover:border-primary/60 focus-visible:border-primary sm:items-center sm:gap-4 sm:p-5"
            >
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/25 sm:size-11">
                <Icon aria-hidden className="size-4 sm:size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-display text-xl font-semibold text-foreground tabular-nums sm:text-2xl">
                  {value}
                </span>
                <span className="block text-xs leading-snug text-muted-foreground sm:text-sm">
                  {label}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
