/**
 * The dashboard's figures at a glance: sales of the last 30 days, messages waiting,
 * products running low and products out of stock (apart, by the one stock rule of
 * domain/shop/stock/stock.ts), and the newsletter's reach. Each is read on its own, so one
 * failing query leaves the others (and the dashboard) standing. Sales, messages and
 * subscribers are money and personal data: read only for people with Admin privileges
 * (docs/decisions/014), absent for everyone else.
 */
import { and, count, eq, gte, isNotNull, sum } from "drizzle-orm";
import { attentionStock, countStockAttention } from "~/domain/shop/stock/stock";
import { orNull } from "../core/settle.server";
import type { Database } from "../db/database.server";
import { orderLines, orders, shopItemVariants, shopItems } from "../db/schema/shop.server";
import { paidMoreFigures, type PaidMoreFigures } from "~/domain/shop/catalogue/name-your-price";
import { countUnhandledMessages } from "../audience/messages-admin.server";
import { countSubscribers } from "../audience/subscribers-admin.server";
import { visitorsOfLastWeek } from "../analytics/reports.server";
import { getEnv } from "../core/env.server";
import { calendarDayIn } from "~/domain/core/time-zone";
import type { DashboardFigures } from "~/domain/pages/dashboard-figures";

export type { DashboardFigures };

export const SALES_WINDOW_DAYS = 30;

/** Every name-your-price copy of a paid order, ever (sales are few; a window would hide them). */
export async function paidMoreSummary(db: Database): Promise<PaidMoreFigures> {
  const lines = await db
    .select({
      unitPrice: orderLines.unitPrice,
      minimumPrice: orderLines.minimumPrice,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.paymentStatus, "completed"), isNotNull(orderLines.minimumPrice)));
  return paidMoreFigures(lines.map((l) => ({ ...l, minimumPrice: l.minimumPrice ?? 0 })));
}

export async function salesFigures(db: Database, now = new Date()) {
  const since = new Date(now.getTime() - SALES_WINDOW_DAYS * 24 * 60 * 60_000);
  const [row] = await db
    .select({ orders: count(), revenue: sum(orders.totalAmount) })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "completed"), gte(orders.createdAt, since)));
  return { orders: row?.orders ?? 0, revenue: Math.round(Number(row?.revenue ?? 0) * 100) / 100 };
}

/** Counted in code, not SQL, so the figure and the shop's filter are the same rule. */
export async function stockFigures(db: Database): Promise<{ low: number; out: number }> {
  const [items, variants] = await Promise.all([
    db
      .select({
        id: shopItems.id,
        category: shopItems.category,
        inventoryCount: shopItems.inventoryCount,
        isVisible: shopItems.isVisible,
      })
      .from(shopItems),
    db
      .select({
        shopItemId: shopItemVariants.shopItemId,
        inventoryCount: shopItemVariants.inventoryCount,
      })
      .from(shopItemVariants),
  ]);
  // An item with options is judged by its variants, as the admin shop's filter does.
  return countStockAttention(
    items.map((item) =>
      attentionStock(
        item,
        variants.filter((v) => v.shopItemId === item.id),
      ),
    ),
  );
}

export async function readDashboardFigures(
  db: Database,
  { hasAdminPrivileges, now = new Date() }: { hasAdminPrivileges: boolean; now?: Date },
): Promise<DashboardFigures> {
  if (!hasAdminPrivileges) {
    return { stock: await orNull(stockFigures(db), "dashboard stock figures") };
  }
  const today = calendarDayIn(now, getEnv().SITE_TIME_ZONE);
  const [sales, unhandledMessages, stock, subscribers, paidMore, visitors] = await Promise.all([
    orNull(salesFigures(db, now), "dashboard sales figures"),
    orNull(countUnhandledMessages(db), "dashboard messages figure"),
    orNull(stockFigures(db), "dashboard stock figures"),
    orNull(countSubscribers(db), "dashboard subscribers figure"),
    orNull(paidMoreSummary(db), "dashboard name-your-price figure"),
    orNull(visitorsOfLastWeek(db, today), "dashboard visitors figure"),
  ]);
  return { sales, unhandledMessages, stock, subscribers, paidMore, visitors };
}
