/**
 * Shipping by destination (issue 24) through the real checkout service: the zones the
 * artist saves, and every zone rule as checkout prices it, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakePayPal, type FakePayPal } from "../../../tests/fakes/fake-paypal";
import { SHIPPING_ADDRESS_MESSAGES } from "~/domain/shop/shipping/shipping-address";
import { SHIPPING_COST_MESSAGES } from "~/domain/shop/shipping/shipping-rates";
import { SHIPPING_ZONE_MESSAGES } from "~/domain/shop/shipping/shipping-zone-form";
import { AppError } from "../core/errors.server";
import { auditLog } from "../db/schema/db.server";
import { discountCodes, orders, shippingZones } from "../db/schema/shop.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  TEST_SHIPPING_ADDRESS,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
  stockOf,
  type CartLine,
  type ShopItemRow,
} from "../testing/shop-fixtures.server";
import {
  completeOrder,
  createProviderOrder,
  findOrderByProviderId,
  previewCartPrice,
} from "./orders.server";
import { exportOrdersCsv } from "./orders-screen.server";
import { getOrderDetail, refundOrder } from "./order-admin.server";
import { DemoProvider } from "./payments/demo.server";
import { PayPalProvider } from "./payments/paypal.server";
import {
  COUNTRY_CODES,
  isCountryCode,
  shippingZoneService,
  uncoveredCountries,
} from "./shipping-zones.server";

const SITE = "https://shop.example";
const actor = { id: "user-1", email: "artist@example.com" };
const demo = new DemoProvider();

async function refusal(run: Promise<unknown>): Promise<{ message: string; status: number }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return { message: error.message, status: error.status };
    throw error;
  }
  throw new Error("expected the call to fail");
}

const zone = (values: Partial<typeof shippingZones.$inferInsert> & { name: string }) => ({
  countries: ["US"],
  firstItemRate: 5,
  additionalItemRate: 2,
  freeAbove: null,
  enabled: true,
  ...values,
});

describe("the country list", () => {
  it("holds ISO 3166-1 alpha-2 codes from the package, and nothing else", () => {
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect(isCountryCode("de")).toBe(true);
    expect(isCountryCode("ZZ")).toBe(false);
    expect(isCountryCode("USA")).toBe(false);
  });
});

describe.each(await testDatabaseKinds())("shipping by destination on %s", (kind) => {
  let t: TestDatabase;
  let fake: FakePayPal;
  let paypal: PayPalProvider;
  let cd: ShopItemRow;
  let album: ShopItemRow;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    fake = await startFakePayPal();
    paypal = new PayPalProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      webhookId: fake.webhookId,
    });
    cd = await insertShopItem(t.db, { title: "Blue Hour CD", price: 15, inventoryCount: 100 });
    album = await insertShopItem(t.db, {
      title: "Blue Hour (digital)",
      category: "digital_music",
      price: 10,
      inventoryCount: null,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(shippingZones);
  });

  async function threeZones() {
    await shippingZoneService.create(t.db, actor, zone({ name: "United States" }));
    await shippingZoneService.create(
      t.db,
      actor,
      zone({
        name: "Europe",
        countries: ["DE", "FR"],
        firstItemRate: 12,
        additionalItemRate: 4.5,
        freeAbove: 60,
      }),
    );
    return shippingZoneService.create(
      t.db,
      actor,
      zone({
        name: "Rest of the world",
        countries: ["JP"],
        firstItemRate: 20,
        additionalItemRate: 8,
        enabled: false,
      }),
    );
  }

  const body = (lines: CartLine[], country: string | undefined, extra: object = {}) => {
    const email = `buyer${++buyers}@example.com`;
    return {
      ...providerOrderBody(lines, email, {
        ...TEST_SHIPPING_ADDRESS,
        ...(country ? { country } : {}),
      }),
      ...(country !== undefined ? { shippingCountry: country } : {}),
      ...extra,
    };
  };

  async function orderFor(lines: CartLine[], country: string | undefined, extra: object = {}) {
    const sent = body(lines, country, extra);
    const { orderID } = await createProviderOrder(t.db, demo, sent);
    return { order: (await findOrderByProviderId(t.db, orderID))!, email: sent.customerEmail };
  }

  it("refuses a country in two enabled zones and a code that is no country, beside the field", async () => {
    await threeZones();
    const clash = await refusal(
      shippingZoneService.create(t.db, actor, zone({ name: "Germany", countries: ["DE"] })),
    );
    expect(clash).toEqual({
      message: SHIPPING_ZONE_MESSAGES.inOtherZone("Germany", "Europe"),
      status: 409,
    });
    const unknown = await refusal(
      shippingZoneService.create(t.db, actor, zone({ name: "Nowhere", countries: ["ZZ"] })),
    );
    expect(unknown.message).toBe(SHIPPING_ZONE_MESSAGES.unknownCountry("ZZ"));
    // Switched off it may name the country; switching it on is refused.
    const off = await shippingZoneService.create(
      t.db,
      actor,
      zone({ name: "Germany", countries: ["DE"], enabled: false }),
    );
    expect(
      (await refusal(shippingZoneService.setFlag(t.db, actor, off.id, "enabled", true))).message,
    ).toBe(SHIPPING_ZONE_MESSAGES.inOtherZone("Germany", "Europe"));
    const actions = (await t.db.select().from(auditLog))
      .filter((a) => a.entity === "shipping_zones")
      .map((a) => a.action);
    expect(actions).toContain("shipping_zones.create");
    const zones = await t.db.select().from(shippingZones);
    expect(uncoveredCountries(zones)).not.toContain("DE");
    expect(uncoveredCountries(zones)).toContain("JP");
  });

  it("charges the first item, each further item, and quantities above 1 as further items", async () => {
    await threeZones();
    const one = await orderFor([{ item: cd, quantity: 1 }], "US");
    expect(one.order).toMatchObject({
      shippingAmount: 5,
      shippingCountry: "US",
      shippingZone: "United States",
      totalAmount: 20,
    });
    expect(one.order.shippingAddress?.country).toBe("US");
    const three = await orderFor([{ item: cd, quantity: 3 }], "de");
    expect(three.order).toMatchObject({ shippingAmount: 12 + 4.5 + 4.5, shippingCountry: "DE" });
    expect(three.order.totalAmount).toBe(45 + 21);
  });

  it("ships free at the free-above value, charged a cent below, after the discount", async () => {
    await threeZones();
    const item = await insertShopItem(t.db, { title: "Box set", price: 30, inventoryCount: 50 });
    const at = await orderFor([{ item, quantity: 2 }], "FR");
    expect(at.order).toMatchObject({ shippingAmount: 0, totalAmount: 60 });
    const cheaper = await insertShopItem(t.db, {
      title: "Single",
      price: 59.99,
      inventoryCount: 5,
    });
    const below = await orderFor([{ item: cheaper, quantity: 1 }], "FR");
    expect(below.order).toMatchObject({ shippingAmount: 12, totalAmount: 71.99 });
    // $60 of goods less a $5 code: $55 paid for goods, so shipping is charged.
    await t.db.insert(discountCodes).values({ code: "FIVEOFF", kind: "fixed", amount: 5 });
    const discounted = await orderFor([{ item, quantity: 2 }], "FR", { discountCode: "FIVEOFF" });
    expect(discounted.order).toMatchObject({
      discountAmount: 5,
      shippingAmount: 12 + 4.5,
      totalAmount: 55 + 16.5,
    });
  });

  it("refuses a switched-off zone, a country in no zone, a code that does not exist, and no country", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 1 }];
    const before = await stockOf(t.db, cd.id);
    expect(await refusal(createProviderOrder(t.db, demo, body(lines, "JP")))).toEqual({
      message: SHIPPING_COST_MESSAGES.cannotShip("Japan"),
      status: 400,
    });
    expect((await refusal(createProviderOrder(t.db, demo, body(lines, "BR")))).message).toBe(
      SHIPPING_COST_MESSAGES.cannotShip("Brazil"),
    );
    expect((await refusal(createProviderOrder(t.db, demo, body(lines, "ZZ")))).message).toBe(
      SHIPPING_COST_MESSAGES.unknownCountry,
    );
    expect((await refusal(createProviderOrder(t.db, demo, body(lines, "Germany")))).message).toBe(
      SHIPPING_COST_MESSAGES.unknownCountry,
    );
    expect((await refusal(createProviderOrder(t.db, demo, body(lines, undefined)))).message).toBe(
      SHIPPING_COST_MESSAGES.missingCountry,
    );
    // Nothing was held for any of them.
    expect(await stockOf(t.db, cd.id)).toBe(before);
  });

  it("never trusts the browser's shipping: a tampered amount is refused, and it never prices", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 1 }];
    expect(
      await refusal(createProviderOrder(t.db, demo, body(lines, "US", { shippingAmount: 0 }))),
    ).toEqual({ message: SHIPPING_COST_MESSAGES.shippingChanged, status: 409 });
    const shown = await orderFor(lines, "US", { shippingAmount: 5 });
    expect(shown.order.totalAmount).toBe(20);
    // A "shipping" field of the browser's own is not read at all.
    const ignored = await orderFor(lines, "US", { shipping: 0, total: 15 });
    expect(ignored.order.shippingAmount).toBe(5);
  });

  it("refuses a demo address in another country than the one charged for", async () => {
    await threeZones();
    const sent = {
      ...body([{ item: cd, quantity: 1 }], "US"),
      shippingAddress: { ...TEST_SHIPPING_ADDRESS, country: "DE" },
    };
    expect((await refusal(createProviderOrder(t.db, demo, sent))).message).toBe(
      SHIPPING_COST_MESSAGES.addressCountry("United States"),
    );
  });

  it("asks no country of a digital-only order and charges no shipping", async () => {
    await threeZones();
    const { order } = await orderFor([{ item: album, quantity: 2 }], undefined);
    expect(order).toMatchObject({ shippingAmount: 0, shippingCountry: null, totalAmount: 20 });
    // Even a country in no zone does not matter.
    const far = await orderFor([{ item: album, quantity: 1 }], "BR");
    expect(far.order).toMatchObject({ shippingAmount: 0, shippingCountry: null });
  });

  it("completes a paid order with shipping: the browser's total stays the goods'", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 2 }];
    const { order, email } = await orderFor(lines, "US");
    const result = await completeOrder(t.db, demo, orderBody(order.providerOrderId, lines, email), {
      siteUrl: SITE,
    });
    expect(result.success).toBe(true);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({
      paymentStatus: "completed",
      totalAmount: 37,
      shippingAmount: 7,
    });
  });

  it("shows shipping in the mail, the order detail and the CSV, and refunds it with the rest", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 2 }];
    // The stand-in's buyer lives in the US: this order ships there.
    const us = body(lines, "US");
    const { orderID: usOrder } = await createProviderOrder(t.db, paypal, us);
    fake.approve(usOrder);
    await completeOrder(t.db, paypal, orderBody(usOrder, lines, us.customerEmail), {
      siteUrl: SITE,
    });
    const order = (await findOrderByProviderId(t.db, usOrder))!;
    const [mail] = await mailsTo(t.db, us.customerEmail);
    expect(mail!.textBody).toContain("Shipping to United States — $7.00");
    expect(mail!.textBody).toContain("Total: $37.00");
    const detail = await getOrderDetail(t.db, order.id);
    expect(detail).toMatchObject({
      shippingAmount: 7,
      shippingCountry: "US",
      shippingZone: "United States",
    });
    const csv = await exportOrdersCsv(t.db, new URLSearchParams(), { timeZone: "UTC" });
    expect(csv.csv.split("\n")[0]).toContain("Shipping,Shipping Country");
    expect(csv.csv).toContain(",37.00,");
    expect(csv.csv).toMatch(/,7\.00,US,/);
    const refunded = await refundOrder(t.db, actor, order.id, { providerFor: () => paypal });
    expect(refunded.refundedNow).toBe(true);
    // The whole capture goes back: items and shipping.
    expect(fake.refunds.at(-1)).toMatchObject({ captureId: order.captureId });
    expect(fake.refunds.at(-1)?.amount.value).toBe("37.00");
  });

  it("previews shipping for the cart, and says when a country cannot be shipped to", async () => {
    await threeZones();
    const lines = [
      { item: cd, quantity: 2 },
      { item: album, quantity: 1 },
    ];
    expect(await previewCartPrice(t.db, body(lines, "DE"))).toMatchObject({
      code: null,
      subtotal: 40,
      shipping: { kind: "rate", amount: 16.5, country: "DE", zoneName: "Europe" },
      total: 56.5,
    });
    // The cart asks before the buyer has given an e-mail address.
    expect(await previewCartPrice(t.db, { ...body(lines, "US"), customerEmail: "" })).toMatchObject(
      { shipping: { kind: "rate", amount: 7 } },
    );
    expect(await previewCartPrice(t.db, body(lines, "JP"))).toMatchObject({
      shipping: { kind: "unavailable", message: "We can't ship to Japan yet" },
      total: 40,
    });
  });

  it("keeps a shop without zones selling physical items without a shipping charge", async () => {
    const { order } = await orderFor([{ item: cd, quantity: 1 }], undefined);
    expect(order).toMatchObject({ shippingAmount: 0, shippingCountry: null, totalAmount: 15 });
  });

  it("sends shipping in PayPal's breakdown and captures items + shipping", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 2 }];
    const sent = body(lines, "US");
    const { orderID } = await createProviderOrder(t.db, paypal, sent);
    const unit = fake.orders.get(orderID)!.purchaseUnit as unknown as {
      amount: { value: string; breakdown: Record<string, { value: string }> };
    };
    expect(unit.amount.value).toBe("37.00");
    expect(unit.amount.breakdown.item_total!.value).toBe("30.00");
    expect(unit.amount.breakdown.shipping!.value).toBe("7.00");
    fake.approve(orderID);
    const result = await completeOrder(
      t.db,
      paypal,
      orderBody(orderID, lines, sent.customerEmail),
      {
        siteUrl: SITE,
      },
    );
    expect(result.success).toBe(true);
    const stored = (await findOrderByProviderId(t.db, orderID))!;
    expect(stored).toMatchObject({ paymentStatus: "completed", totalAmount: 37 });
    expect(fake.captures.find((c) => c.orderId === orderID)?.amount).toBeDefined();
  });

  it("creates a PayPal order to Germany with the buyer's address, which a US buyer pays", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 1 }];
    const berlin = {
      name: "Greta Käufer",
      line1: "Jazzstraße 5",
      line2: "",
      city: "Berlin",
      region: "",
      postalCode: "10115",
      country: "DE",
    };
    const sent = { ...body(lines, "DE"), shippingAddress: berlin };
    const { orderID } = await createProviderOrder(t.db, paypal, sent);
    const created = fake.orders.get(orderID)!;
    // PayPal is told where the parcel goes and not to let its buyer pick another address.
    expect(created.shippingPreference).toBe("SET_PROVIDED_ADDRESS");
    expect(created.purchaseUnit.shipping).toEqual({
      name: { full_name: "Greta Käufer" },
      address: {
        address_line_1: "Jazzstraße 5",
        admin_area_2: "Berlin",
        postal_code: "10115",
        country_code: "DE",
      },
    });
    // The stand-in's buyer has a US address on file (FAKE_SHIPPING): the order's wins.
    fake.approve(orderID);
    const result = await completeOrder(
      t.db,
      paypal,
      orderBody(orderID, lines, sent.customerEmail),
      { siteUrl: SITE },
    );
    expect(result.success).toBe(true);
    const stored = (await findOrderByProviderId(t.db, orderID))!;
    expect(stored).toMatchObject({
      paymentStatus: "completed",
      shippingCountry: "DE",
      shippingAmount: 12,
      totalAmount: 27,
      shippingAddress: { city: "Berlin", postalCode: "10115", country: "DE" },
    });
    expect(fake.captures.filter((c) => c.orderId === orderID)).toHaveLength(1);
  });

  it("refuses a PayPal buyer's address in another country, or an incomplete one, before PayPal", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 1 }];
    const created = fake.orders.size;
    const elsewhere = {
      ...body(lines, "DE"),
      shippingAddress: { ...TEST_SHIPPING_ADDRESS, country: "US" },
    };
    expect(await refusal(createProviderOrder(t.db, paypal, elsewhere))).toEqual({
      message: SHIPPING_COST_MESSAGES.addressCountry("Germany"),
      status: 400,
    });
    const noStreet = {
      ...body(lines, "DE"),
      shippingAddress: { ...TEST_SHIPPING_ADDRESS, country: "DE", line1: " " },
    };
    expect(await refusal(createProviderOrder(t.db, paypal, noStreet))).toEqual({
      message: SHIPPING_ADDRESS_MESSAGES.line1,
      status: 400,
    });
    expect(fake.orders.size).toBe(created);
  });

  it("refuses a PayPal capture to an address outside the country charged for: no money taken", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 1 }];
    const before = await stockOf(t.db, cd.id);
    // No address sent (a cart from before the address step): PayPal asks its buyer, who
    // lives in the US (FAKE_SHIPPING); shipping was charged for Germany.
    const { shippingAddress: _typed, ...sent } = body(lines, "DE");
    const { orderID } = await createProviderOrder(t.db, paypal, sent);
    expect(fake.orders.get(orderID)!.shippingPreference).toBe("GET_FROM_FILE");
    fake.approve(orderID);
    const refused = await refusal(
      completeOrder(t.db, paypal, orderBody(orderID, lines, sent.customerEmail), { siteUrl: SITE }),
    );
    expect(refused).toEqual({
      message: SHIPPING_COST_MESSAGES.captureElsewhere("Germany"),
      status: 409,
    });
    expect(fake.captureCalls.filter((c) => c.orderId === orderID)).toEqual([]);
    expect((await findOrderByProviderId(t.db, orderID))!.paymentStatus).toBe("cancelled");
    expect(await stockOf(t.db, cd.id)).toBe(before);
  });

  it("refuses a PayPal capture when PayPal gives no shipping address: no money taken", async () => {
    await threeZones();
    const lines = [{ item: cd, quantity: 2 }];
    const before = await stockOf(t.db, cd.id);
    const { shippingAddress: _typed, ...sent } = body(lines, "US");
    const { orderID } = await createProviderOrder(t.db, paypal, sent);
    // The buyer's PayPal account has no address, and the order was created without one.
    fake.approve(orderID, undefined, null);
    expect((await paypal.getOrder(orderID)).shippingAddress).toBeNull();
    const refused = await refusal(
      completeOrder(t.db, paypal, orderBody(orderID, lines, sent.customerEmail), { siteUrl: SITE }),
    );
    expect(refused).toEqual({
      message: SHIPPING_COST_MESSAGES.captureNoAddress("United States"),
      status: 409,
    });
    expect(fake.captureCalls.filter((c) => c.orderId === orderID)).toEqual([]);
    expect((await findOrderByProviderId(t.db, orderID))!.paymentStatus).toBe("cancelled");
    expect(await stockOf(t.db, cd.id)).toBe(before);
  });
});
