/** The orders list as the server renders it; the journeys run in tests/e2e/admin-orders.e2e.ts. */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  EMPTY_ORDER_FILTERS,
  type OrderFilters,
  type OrderListPage,
  type OrderListRow,
} from "~/domain/shop/orders/order-admin";
import { OrdersTable, orderHref } from "./orders-table";

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

function render(
  list: Partial<OrderListPage>,
  filters: Partial<OrderFilters> = {},
  filtered = false,
) {
  const page: OrderListPage = {
    rows: [],
    total: 0,
    page: 1,
    pageCount: 1,
    anyOrders: false,
    ...list,
  };
  const Stub = createRoutesStub([
    {
      path: "/admin/orders",
      Component: () => (
        <OrdersTable
          list={page}
          filters={{ ...EMPTY_ORDER_FILTERS, ...filters }}
          filtered={filtered}
          path="/admin/orders"
          timeZone="America/New_York"
          loadFailed={null}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/orders"]} />);
}

describe("OrdersTable", () => {
  it("tells an empty shop from filters that match nothing", () => {
    expect(render({})).toContain("No orders yet");
    const filtered = render({ anyOrders: true }, { q: "nobody" }, true);
    expect(filtered).toContain("No orders match these filters");
    expect(filtered).not.toContain("No orders yet");
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
});

describe("orderHref", () => {
  it("is the bare path without filters or order", () => {
    expect(orderHref("/admin/orders", EMPTY_ORDER_FILTERS, null)).toBe("/admin/orders");
  });
});
