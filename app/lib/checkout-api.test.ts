import { describe, expect, it, vi } from "vitest";
import { addToCart, toCartProduct, type Cart } from "~/domain/shop/cart/cart";
import { toProduct, type ShopItemForProduct } from "~/domain/shop/catalogue/product";
import {
  CheckoutError,
  createProviderOrder,
  fetchProviderConfig,
  hasSheetMusicDownload,
  paymentSuccessDescription,
  previewDiscount,
  previewShipping,
  recordOrder,
  type Fetch,
  type RecordedOrder,
} from "./checkout-api";

const item = (overrides: Partial<ShopItemForProduct>): ShopItemForProduct => ({
  id: "x",
  title: "X",
  description: null,
  price: 10,
  imageUrl: null,
  category: "digital_music",
  tags: [],
  bandcampUrl: null,
  externalUrl: null,
  hasDownload: false,
  inventoryCount: null,
  isFeatured: false,
  ...overrides,
});

function cartOf(...items: ShopItemForProduct[]): Cart {
  return items.reduce<Cart>((cart, i) => addToCart(cart, toCartProduct(toProduct(i))).cart, []);
}

const sheet = item({
  id: "s1",
  title: "Lead Sheet",
  price: 6.99,
  category: "sheet_music",
  hasDownload: true,
});
const shirt = item({
  id: "m1",
  title: "T-Shirt",
  price: 28,
  category: "merchandise",
  inventoryCount: 4,
});

function answering(status: number, body: unknown) {
  return vi.fn<Fetch>(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
  );
}

describe("fetchProviderConfig", () => {
  it("reads the provider, client id and SDK address", async () => {
    const config = await fetchProviderConfig(
      answering(200, {
        clientId: "abc",
        environment: "sandbox",
        provider: "paypal",
        sdkUrl: "/sdk/js",
      }),
    );
    expect(config).toEqual({
      clientId: "abc",
      environment: "sandbox",
      provider: "paypal",
      sdkUrl: "/sdk/js",
    });
    expect(
      await fetchProviderConfig(
        answering(200, { clientId: null, environment: "demo", provider: "demo", sdkUrl: null }),
      ),
    ).toMatchObject({ provider: "demo", clientId: null });
  });
});

describe("previewDiscount", () => {
  it("sends the cart, the address and the code, and reads the server's prices", async () => {
    const fetcher = answering(200, { code: "FAN20", subtotal: 20, discount: 4, total: 16 });
    expect(await previewDiscount(cartOf(sheet), " fan@example.com ", "fan 20", fetcher)).toEqual({
      code: "FAN20",
      subtotal: 20,
      discount: 4,
      shipping: 0,
      total: 16,
    });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe("/api/price-cart");
    expect(JSON.parse(String(init!.body))).toMatchObject({
      customerEmail: "fan@example.com",
      discountCode: "fan 20",
      items: [{ id: sheet.id, quantity: 1 }],
    });
  });

  it("throws the server's plain message, or a general one for a broken answer", async () => {
    await expect(
      previewDiscount(
        cartOf(sheet),
        "a@b.co",
        "X",
        answering(400, { error: "This discount code has expired." }),
      ),
    ).rejects.toThrow("This discount code has expired.");
    await expect(
      previewDiscount(cartOf(sheet), "a@b.co", "X", answering(200, { code: "X" })),
    ).rejects.toThrow("The discount code could not be checked. Please try again.");
  });

  it("creates the order with an accepted code", async () => {
    const fetcher = answering(200, { orderID: "DEMO-3" });
    await createProviderOrder(cartOf(sheet), "a@b.co", fetcher, null, "FAN20");
    const [, init] = fetcher.mock.calls[0]!;
    expect(JSON.parse(String(init!.body)).discountCode).toBe("FAN20");
  });
});

describe("createProviderOrder", () => {
  it("sends the shipping address along when the buyer gave one", async () => {
    const fetcher = answering(200, { orderID: "DEMO-2" });
    const address = {
      name: "Ella Buyer",
      line1: "12 Blue Note Lane",
      line2: null,
      city: "New Orleans",
      region: null,
      postalCode: "70116",
      country: "United States",
    };
    await createProviderOrder(cartOf(shirt), "buyer@example.com", fetcher, address);
    const [, init] = fetcher.mock.calls[0]!;
    expect(JSON.parse(String(init!.body)).shippingAddress).toEqual(address);
  });

  it("sends the contract's body and returns the order id", async () => {
    const fetcher = answering(200, { orderID: "DEMO-1" });
    await expect(
      createProviderOrder(cartOf(sheet, shirt), " buyer@example.com ", fetcher),
    ).resolves.toBe("DEMO-1");
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe("/api/create-provider-order");
    expect(JSON.parse(String(init!.body))).toEqual({
      items: [
        { id: "s1", title: "Lead Sheet", price: 6.99, quantity: 1, category: "sheet_music" },
        { id: "m1", title: "T-Shirt", price: 28, quantity: 1, category: "merchandise" },
      ],
      customerEmail: "buyer@example.com",
    });
  });

  it("refuses an empty cart or a missing e-mail before calling the server", async () => {
    const fetcher = answering(200, { orderID: "never" });
    await expect(createProviderOrder([], "a@b.co", fetcher)).rejects.toThrow(
      "Invalid cart: no items or invalid total",
    );
    await expect(createProviderOrder(cartOf(sheet), " ", fetcher)).rejects.toThrow(
      "Customer email is required for checkout",
    );
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("passes the server's message on, and names broken answers", async () => {
    await expect(
      createProviderOrder(
        cartOf(sheet),
        "a@b.co",
        answering(400, { error: "Item is currently out of stock" }),
      ),
    ).rejects.toThrow(new CheckoutError("Item is currently out of stock"));
    await expect(createProviderOrder(cartOf(sheet), "a@b.co", answering(200, {}))).rejects.toThrow(
      "Invalid response from order creation",
    );
    const offline = vi.fn<Fetch>(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(createProviderOrder(cartOf(sheet), "a@b.co", offline)).rejects.toThrow(
      "Failed to create order: Failed to fetch",
    );
  });
});

describe("recordOrder", () => {
  const orders: RecordedOrder[] = [
    {
      id: "o1",
      download_token: "tok",
      shop_items: { category: "sheet_music", has_download: true },
    },
  ];

  it("sends the contract's body and reads the recorded orders", async () => {
    const fetcher = answering(200, {
      success: true,
      error: null,
      customerEmail: "payer@example.com",
      orders,
    });
    const purchase = await recordOrder(cartOf(sheet, shirt), "buyer@example.com", "PAY-1", fetcher);
    expect(purchase).toEqual({ customerEmail: "payer@example.com", orders });
    expect(JSON.parse(String(fetcher.mock.calls[0]![1]!.body))).toEqual({
      customerEmail: "buyer@example.com",
      paypalOrderId: "PAY-1",
      items: [
        { shopItemId: "s1", quantity: 1, pricePerItem: 6.99 },
        { shopItemId: "m1", quantity: 1, pricePerItem: 28 },
      ],
      totalAmount: 34.99,
    });
  });

  it("fails when the server says success false, or answers an error", async () => {
    await expect(
      recordOrder(
        cartOf(sheet),
        "a@b.co",
        "P",
        answering(200, { success: false, error: "Capture failed" }),
      ),
    ).rejects.toThrow("Capture failed");
    await expect(recordOrder(cartOf(sheet), "a@b.co", "P", answering(502, {}))).rejects.toThrow(
      CheckoutError,
    );
  });
});

describe("purchase outcome", () => {
  const line = (category: string, has_download: boolean, token: string | null): RecordedOrder => ({
    id: "o",
    download_token: token,
    shop_items: { category, has_download },
  });

  it("shows the confirmation only for sheet music with a download and a token", () => {
    expect(hasSheetMusicDownload([line("sheet_music", true, "t")])).toBe(true);
    expect(
      hasSheetMusicDownload([line("merchandise", false, null), line("sheet_music", true, null)]),
    ).toBe(false);
    expect(hasSheetMusicDownload([line("sheet_music", false, "t")])).toBe(false);
    expect(hasSheetMusicDownload([line("digital_music", true, "t")])).toBe(false);
  });

  it("adds the download sentence to the success toast", () => {
    expect(
      paymentSuccessDescription({
        customerEmail: "a@b.co",
        orders: [line("sheet_music", true, "t")],
      }),
    ).toBe(
      "Your order has been processed successfully! Thank you for your purchase! You can download your files using the links sent to a@b.co.",
    );
    expect(
      paymentSuccessDescription({
        customerEmail: "a@b.co",
        orders: [line("merchandise", false, null)],
      }),
    ).toBe("Your order has been processed successfully! Thank you for your purchase!");
  });
});

describe("previewShipping", () => {
  it("sends the country with the cart and reads the server's shipping, never computing it", async () => {
    const fetcher = answering(200, {
      code: null,
      subtotal: 20,
      discount: 0,
      shipping: { kind: "rate", amount: 7.5, country: "DE", zoneName: "Europe" },
      total: 27.5,
    });
    expect(await previewShipping(cartOf(sheet), "DE", fetcher)).toEqual({
      kind: "rate",
      amount: 7.5,
      zoneName: "Europe",
    });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe("/api/price-cart");
    const sent = JSON.parse(String(init!.body)) as Record<string, unknown>;
    expect(sent.shippingCountry).toBe("DE");
    expect(sent).not.toHaveProperty("discountCode");
  });

  it("passes on the server's sentence for a country it cannot ship to", async () => {
    const fetcher = answering(200, {
      shipping: { kind: "unavailable", amount: 0, message: "We can't ship to Japan yet" },
    });
    expect(await previewShipping(cartOf(sheet), "JP", fetcher)).toEqual({
      kind: "unavailable",
      message: "We can't ship to Japan yet",
    });
  });
});
