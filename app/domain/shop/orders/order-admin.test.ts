import { describe, expect, it } from "vitest";
import {
  EMPTY_ORDER_FILTERS,
  canRefund,
  activeOrderFilterCount,
  hasOrderFilters,
  needsShipping,
  orderDateBounds,
  orderFiltersQuery,
  orderSearch,
  orderStatusLabel,
  parseOrderFilters,
  refundOrderSchema,
  restockByDefault,
  restockQuantities,
} from "./order-admin";

const parse = (query: string) => parseOrderFilters(new URLSearchParams(query));

describe("parseOrderFilters", () => {
  it("reads every filter from the address", () => {
    expect(
      parse("q=+fan@example.com+&status=refunded&from=2026-03-01&to=2026-03-31&toShip=1&page=3"),
    ).toEqual({
      q: "fan@example.com",
      status: "refunded",
      from: "2026-03-01",
      to: "2026-03-31",
      toShip: true,
      page: 3,
    });
  });

  it("has no filters for an empty address", () => {
    expect(parse("")).toEqual(EMPTY_ORDER_FILTERS);
  });

  it("ignores values that make no sense instead of refusing the page", () => {
    expect(parse("status=shipped&from=2026-02-30&to=yesterday&toShip=maybe&page=-2")).toEqual(
      EMPTY_ORDER_FILTERS,
    );
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("status=").status).toBeNull();
  });

  it("takes the checkbox's own value and 'true' for to ship", () => {
    expect(parse("toShip=on").toShip).toBe(true);
    expect(parse("toShip=true").toShip).toBe(true);
    expect(parse("toShip=0").toShip).toBe(false);
  });

  it("turns a backwards date range round", () => {
    expect(parse("from=2026-04-10&to=2026-04-01")).toMatchObject({
      from: "2026-04-01",
      to: "2026-04-10",
    });
  });

  it("cuts an overlong search", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(200);
  });
});

describe("orderFiltersQuery", () => {
  it("writes back only what is set, and round-trips", () => {
    const filters = {
      q: "a b&c",
      status: "completed" as const,
      from: "2026-01-01",
      to: null,
      toShip: true,
      page: 2,
    };
    const query = orderFiltersQuery(filters);
    expect(query).toBe("q=a+b%26c&status=completed&from=2026-01-01&toShip=1&page=2");
    expect(parse(query)).toEqual(filters);
    expect(orderFiltersQuery(EMPTY_ORDER_FILTERS)).toBe("");
    expect(orderFiltersQuery({ ...filters, page: 1 })).not.toContain("page");
  });

  it("knows whether anything narrows the list", () => {
    expect(hasOrderFilters(EMPTY_ORDER_FILTERS)).toBe(false);
    expect(hasOrderFilters({ ...EMPTY_ORDER_FILTERS, page: 4 })).toBe(false);
    expect(hasOrderFilters({ ...EMPTY_ORDER_FILTERS, toShip: true })).toBe(true);
    expect(hasOrderFilters({ ...EMPTY_ORDER_FILTERS, q: "x" })).toBe(true);
  });

  it("counts the filters in use, for the phone's collapsed Filters button", () => {
    expect(activeOrderFilterCount(EMPTY_ORDER_FILTERS)).toBe(0);
    expect(activeOrderFilterCount({ ...EMPTY_ORDER_FILTERS, page: 3 })).toBe(0);
    expect(
      activeOrderFilterCount({
        ...EMPTY_ORDER_FILTERS,
        q: "ada",
        status: "completed",
        from: "2026-11-01",
        to: "2026-11-30",
        toShip: true,
      }),
    ).toBe(5);
  });
});

describe("orderDateBounds", () => {
  it("covers whole days in the site's time zone, the last day included", () => {
    const { start, end } = orderDateBounds(
      { from: "2026-03-10", to: "2026-03-12" },
      "America/New_York",
    );
    expect(start?.toISOString()).toBe("2026-03-10T04:00:00.000Z");
    expect(end?.toISOString()).toBe("2026-03-13T04:00:00.000Z");
  });

  it("follows daylight saving and month ends", () => {
    const { start, end } = orderDateBounds(
      { from: "2026-01-31", to: "2026-01-31" },
      "America/New_York",
    );
    expect(start?.toISOString()).toBe("2026-01-31T05:00:00.000Z");
    expect(end?.toISOString()).toBe("2026-02-01T05:00:00.000Z");
    expect(orderDateBounds({ from: null, to: null }, "UTC")).toEqual({ start: null, end: null });
  });
});

describe("orderSearch", () => {
  it("reads an e-mail fragment, a full id, a short id and a provider id", () => {
    expect(orderSearch("  ")).toBeNull();
    expect(orderSearch("Fan@Example.com")).toEqual({
      emailContains: "fan@example.com",
      orderId: null,
      orderIdPrefix: null,
      providerOrderId: "Fan@Example.com",
    });
    const id = "1A2B3C4D-0000-4000-8000-000000000001";
    expect(orderSearch(id)?.orderId).toBe(id.toLowerCase());
    expect(orderSearch("#1A2B3C4D")?.orderIdPrefix).toBe("1a2b3c4d");
    expect(orderSearch("DEMO-123")).toMatchObject({ providerOrderId: "DEMO-123", orderId: null });
  });
});

describe("order states", () => {
  it("names statuses", () => {
    expect(orderStatusLabel("refunded")).toBe("Refunded");
    expect(orderStatusLabel("odd")).toBe("odd");
  });

  it("ships only paid orders with physical goods that have not left", () => {
    const paid = { paymentStatus: "completed", shippedAt: null, hasPhysical: true };
    expect(needsShipping(paid)).toBe(true);
    expect(needsShipping({ ...paid, shippedAt: new Date() })).toBe(false);
    expect(needsShipping({ ...paid, paymentStatus: "refunded" })).toBe(false);
    expect(needsShipping({ ...paid, hasPhysical: false })).toBe(false);
  });

  it("refunds only completed, captured orders", () => {
    expect(canRefund({ paymentStatus: "completed", captureId: "C1" })).toBe(true);
    expect(canRefund({ paymentStatus: "completed", captureId: null })).toBe(false);
    expect(canRefund({ paymentStatus: "refunded", captureId: "C1" })).toBe(false);
  });
});

describe("action forms", () => {
  const id = "1a2b3c4d-0000-4000-8000-000000000001";

  it("needs an order id", () => {
    expect(refundOrderSchema.safeParse({ orderId: id }).success).toBe(true);
    expect(refundOrderSchema.safeParse({ orderId: "1; drop" }).success).toBe(false);
  });
});

describe("putting a refunded order's goods back in stock (issue 26, item 10)", () => {
  it("is ticked by default only for an unshipped order with physical goods", () => {
    expect(restockByDefault({ hasPhysical: true, shippedAt: null })).toBe(true);
    expect(restockByDefault({ hasPhysical: true, shippedAt: "2026-11-27T10:00:00Z" })).toBe(false);
    expect(restockByDefault({ hasPhysical: false, shippedAt: null })).toBe(false);
  });

  it("puts back only counted goods, per item, and nothing for a deleted item", () => {
    const quantities = restockQuantities([
      { shopItemId: "cd", category: "cd", quantity: 2 },
      { shopItemId: "cd", category: "cd", quantity: 1 },
      { shopItemId: "shirt", category: " Merchandise ", quantity: 1 },
      { shopItemId: "sheet", category: "sheet_music", quantity: 3 },
      { shopItemId: "mp3", category: "digital_music", quantity: 1 },
      { shopItemId: null, category: "physical_music", quantity: 4 },
    ]);
    expect([...quantities]).toEqual([
      ["cd", 3],
      ["shirt", 1],
    ]);
  });

  it("reads the dialog's box: ticked sends a value, unticked sends nothing", () => {
    const id = "0b7c3f9e-2a4d-4c1b-9e8f-1a2b3c4d5e6f";
    expect(refundOrderSchema.parse({ orderId: id, restock: "true" }).restock).toBe(true);
    expect(refundOrderSchema.parse({ orderId: id, restock: "on" }).restock).toBe(true);
    expect(refundOrderSchema.parse({ orderId: id, restock: "false" }).restock).toBe(false);
    expect(refundOrderSchema.parse({ orderId: id }).restock).toBe(false);
  });
});
