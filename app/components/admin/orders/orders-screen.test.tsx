/** The orders screen as the server renders it; the journeys run in tests/e2e/admin-orders.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ListScreen } from "~/components/admin/kit/list-screen";
import type { LoadedListScreen } from "~/domain/admin/list-screen";
import {
  EMPTY_ORDER_FILTERS,
  ORDER_FILTERS,
  type OrderDetail,
  type OrderFilters,
  type OrderListPage,
  type OrderListRow,
} from "~/domain/shop/orders/order-admin";
import { ORDERS_SCREEN } from "./orders-screen";

const row = (values: Partial<OrderListRow> = {}): OrderListRow => ({
  id: "1a2b3c4d-0000-4000-8000-000000000001",
  shortId: "1A2B3C4D",
  createdAt: "2026-03-10T15:00:00.000Z",
  customerEmail: "fan@example.com",
  paymentStatus: "completed",
  totalAmount: 28.99,
  currency: "USD",
  provider: "demo",
  itemCount: 2,
  hasPhysical: true,
  shippedAt: null,
  ...values,
});

type Loaded = LoadedListScreen<typeof EMPTY_ORDER_FILTERS, OrderListPage, OrderDetail>;

function render(list: Partial<OrderListPage> | null, filters: Partial<OrderFilters> = {}) {
  const query = { ...EMPTY_ORDER_FILTERS, ...filters };
  const data: Loaded = {
    filters: query,
    filtered: ORDER_FILTERS.activeCount(query) > 0,
    list: list && { rows: [], total: 0, page: 1, pageCount: 1, anyOrders: false, ...list },
    loadFailed: list ? null : "Failed to fetch orders",
    detail: null,
    parts: {},
    timeZone: "America/New_York",
    toast: null,
  };
  const Stub = createRoutesStub([
    { path: "/admin/orders", Component: () => <ListScreen screen={ORDERS_SCREEN} data={data} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/orders"]} />);
}

describe("the orders screen", () => {
  it("tells an empty shop from filters that match nothing", () => {
    const empty = render({});
    expect(empty).toContain("No orders yet");
    expect(empty).toContain("All orders");
    const filtered = render({ anyOrders: true }, { q: "nobody" });
    expect(filtered).toContain("No orders match these filters");
    expect(filtered).not.toContain("No orders yet");
    expect(filtered).toContain("Matching orders");
    expect(filtered).toContain("0 orders match these filters.");
  });

  it("links each order with the filters kept, and marks what is to ship", () => {
    const html = render({ rows: [row()], total: 1, anyOrders: true }, { status: "completed" });
    expect(html).toContain(
      'href="/admin/orders?status=completed&amp;order=1a2b3c4d-0000-4000-8000-000000000001"',
    );
    expect(html).toContain('aria-label="Open order 1A2B3C4D of fan@example.com"');
    expect(html).toContain("To ship");
    expect(html).toContain("$28.99");
    expect(html).toContain("Mar 10, 2026, 11:00 AM");
    expect(render({ rows: [row({ shippedAt: "2026-03-11T10:00:00.000Z" })], total: 1 })).toContain(
      "Shipped",
    );
  });

  it("pages with the filters kept", () => {
    const html = render(
      { rows: [row()], total: 60, page: 2, pageCount: 3, anyOrders: true },
      { q: "fan", page: 2 },
    );
    expect(html).toContain("60 orders · Page 2 of 3");
    expect(html).toContain('href="/admin/orders?q=fan"');
    expect(html).toContain('href="/admin/orders?q=fan&amp;page=3"');
  });

  it("exports what the filters select, from the first page", () => {
    const html = render({ rows: [row()], total: 60, page: 2, pageCount: 3 }, { q: "a b", page: 2 });
    expect(html).toContain('href="/admin/export/orders?q=a+b"');
    expect(render({})).toContain('href="/admin/export/orders"');
  });

  it("fills the filter form from the address and offers to clear it", () => {
    const html = render({}, { q: "ada", status: "refunded", from: "2026-03-01", toShip: true });
    expect(html).toMatch(
      /<form role="search" aria-label="Filter orders"[^>]*action="\/admin\/orders" method="get"/,
    );
    expect(html).toMatch(/id="orders-q"[^>]*value="ada"/);
    expect(html).toMatch(/<option value="refunded" selected="">Refunded<\/option>/);
    expect(html).toMatch(/id="orders-from"[^>]*value="2026-03-01"/);
    expect(html).toMatch(/id="orders-toShip"[^>]*checked=""/);
    expect(html).toContain("Clear filters");
    expect(html).toContain("(4 active)");
    expect(render({})).not.toContain("Clear filters");
  });

  it("says the orders could not be read instead of an empty list", () => {
    const html = render(null);
    expect(html).toContain("Failed to fetch orders");
    expect(html).not.toContain("No orders yet");
    expect(html).not.toContain("Page 1 of");
  });
});
