/**
 * The shop in a real browser against the built server (issue 5): the catalogue,
 * the cart drawer, checkout with the demo provider (the main test server has no
 * PayPal credentials) and with the PayPal stand-in (a second server in PayPal mode,
 * inject("paypalAppUrl")), cancel and payment errors, stock limits and a reload.
 *
 * The demo seed has a signed CD with stock 3, a vinyl LP with stock 0 and sheet
 * music with a private PDF. Tests of this file share one database, so they read the
 * current stock from the page instead of assuming the seed's numbers.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { CART_STORAGE_KEY } from "~/domain/shop/cart/cart";
import {
  addToCart,
  cartDrawer,
  productCard,
  setupBrowser,
  waitForNewToast,
  type ViewportName,
} from "./helpers";

const { openPage } = setupBrowser();

const SHEET_MUSIC = "Lowlight Walk: Lead Sheet (PDF)";
const MERCH = "LOE Logo T-Shirt";
const CD = "Copper Street (Signed CD)";
const LP = "Lowlight Walk (180g Vinyl LP)";
const TOTE = "Late Set Tote Bag";

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 10_000, interval: 50, message });

/** The stock a tracked item's card shows: N for "Only N left", 0 for "Out of Stock". */
async function shownStock(page: Page, title: string): Promise<number | null> {
  const note = productCard(page, title).getByTestId("stock-note");
  if ((await note.count()) === 0) return null;
  const text = await note.innerText();
  if (text === "Out of Stock") return 0;
  const match = /^Only (\d+) left in stock$/.exec(text);
  if (!match) throw new Error(`Unexpected stock note "${text}"`);
  return Number(match[1]);
}

async function storedCart(page: Page): Promise<unknown[] | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CART_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown[]);
}

async function closeDrawer(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

/** The shipping step (physical goods; with PayPal, to a priced country): an address, then on. */
async function fillShippingAddress(page: Page) {
  const step = cartDrawer(page).getByTestId("checkout-address-step");
  await step.getByTestId("shipping-name").fill("Ella Buyer");
  await step.getByTestId("shipping-line1").fill("12 Blue Note Lane");
  await step.getByTestId("shipping-city").fill("New Orleans");
  await step.getByTestId("shipping-postalCode").fill("70116");
  await step.getByRole("button", { name: "Continue to Payment" }).click();
}

/**
 * Cart → e-mail step → (shipping address, for physical goods: always with the demo
 * provider, with PayPal when the cart priced a destination) → payment step, checking
 * the e-mail rule on the way.
 */
async function checkout(page: Page, email: string) {
  const drawer = cartDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  const input = drawer.getByLabel("Email");
  await eventually(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await drawer.innerText()).toContain(
    "We'll send your order confirmation and download links to this email.",
  );
  const submit = drawer.getByRole("button", { name: /^Continue to (Payment|Shipping)$/ });
  expect(await submit.isDisabled()).toBe(true);
  await input.fill("not an email");
  expect(await submit.isDisabled()).toBe(true);
  await input.fill("buyer @example.com");
  expect(await submit.isDisabled()).toBe(true);
  await input.fill(email);
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
  const addressStep = drawer.getByTestId("checkout-address-step");
  await addressStep.or(drawer.getByTestId("checkout-payment-step")).waitFor();
  if (await addressStep.isVisible()) await fillShippingAddress(page);
  await eventually(() => drawer.getByTestId("checkout-email").innerText()).toBe(email);
  expect(await drawer.getByRole("button", { name: "Back to Cart" }).isVisible()).toBe(true);
}

async function expectPurchaseConfirmed(page: Page, email: string) {
  await waitForNewToast(
    page,
    "Payment Successful! 🎉",
    `Your order has been processed successfully! Thank you for your purchase! You can download your files using the links sent to ${email}.`,
  );
  const confirmation = page.getByRole("dialog", { name: "Purchase Confirmed - Check Your Email" });
  await confirmation.waitFor();
  expect(await confirmation.innerText()).toContain("Download links sent to your email");
  expect(await confirmation.getByTestId("confirmation-email").innerText()).toBe(email);
  await cartDrawer(page).waitFor({ state: "detached" });
  await confirmation.getByRole("button", { name: "Continue Shopping" }).click();
  await confirmation.waitFor({ state: "detached" });

  // The cart is emptied, in storage and in the nav.
  expect(await storedCart(page)).toBeNull();
  expect(await page.getByTestId("cart-badge").count()).toBe(0);
}

describe("catalogue", () => {
  it("shows a loading state while the shop's data arrives on a client-side navigation", async () => {
    const { page } = await openPage("/about", { viewport: "desktop" });
    // Hold the shop's data request until the loading state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/shop.data",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop" })
      .click();
    const loading = page.getByTestId("shop-loading");
    await loading.waitFor();
    expect(await loading.getByRole("status").innerText()).toBe("Loading the shop…");
    release();
    await loading.waitFor({ state: "detached" });
    await eventually(() => page.locator("h1").innerText()).toBe("Official Store");
  });

  it.each<ViewportName>(["phone", "desktop"])(
    "shows the hero, featured items and every product with its JSON-LD (%s)",
    async (viewport) => {
      const { page } = await openPage("/shop", { viewport });
      expect(await page.locator("h1").innerText()).toBe("Official Store");
      // The notes as the artist stored them: no CSS changes their case.
      for (const [id, text] of [
        ["shop-shipping", "Free shipping on orders over $50"],
        ["shop-delivery", "Instant digital delivery"],
      ] as const) {
        const note = page.getByTestId(id);
        expect(await note.innerText()).toBe(text);
        expect(
          await note.evaluate((el) => getComputedStyle(el, "::first-letter").textTransform),
        ).toBe("none");
      }
      expect(
        await page.getByRole("heading", { level: 2, name: "Featured Items" }).isVisible(),
      ).toBe(true);
      expect(await page.getByRole("heading", { level: 2, name: "All Products" }).isVisible()).toBe(
        true,
      );

      // At most 2 tags on a featured item (the seed gives them 3).
      const featured = page.getByTestId("featured-item");
      expect(await featured.count()).toBeGreaterThan(0);
      for (const item of await featured.all()) {
        expect(await item.getByTestId("featured-tag").count()).toBeLessThanOrEqual(2);
      }

      // Prices with 2 decimals and Product JSON-LD on every card.
      const cards = page.getByTestId("catalogue").getByTestId("product-card");
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(12);
      const data = await cards.evaluateAll((articles) =>
        articles.map((a) => ({
          title: a.querySelector("h3")?.textContent,
          price: a.querySelector("[data-testid=product-price]")?.textContent,
          ld: JSON.parse(a.querySelector("script[type='application/ld+json']")!.textContent!),
        })),
      );
      for (const { title, price, ld } of data) {
        expect(ld["@type"]).toBe("Product");
        expect(ld.name).toBe(title);
        expect(ld.offers.priceCurrency).toBe("USD");
        // Variants at different prices (issue 24) show their range.
        if (ld.offers["@type"] === "AggregateOffer") {
          expect(price).toBe(`$${ld.offers.lowPrice} – $${ld.offers.highPrice}`);
        } else if (price !== "Free") expect(price).toBe(`$${ld.offers.price}`);
      }
      const lp = data.find((d) => d.title === LP)!;
      expect(lp.ld.offers.availability).toBe("https://schema.org/OutOfStock");
      const tote = data.find((d) => d.title === TOTE)!;
      expect(tote.ld.offers.availability).toBe("https://schema.org/InStock");
      // No private storage key reaches the page.
      expect(await page.content()).not.toContain("sheet-music/");
    },
  );

  it("lays the catalogue out in 1 column on a phone and 3 on a desktop", async () => {
    for (const [viewport, columns] of [
      ["phone", 1],
      ["desktop", 3],
    ] as const) {
      const { page } = await openPage("/shop", { viewport });
      const lefts = await page
        .getByTestId("catalogue")
        .getByTestId("product-card")
        .evaluateAll(
          (cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left))).size,
        );
      expect(lefts, viewport).toBe(columns);
    }
  });

  it("moves the featured carousel with its buttons, and loops", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    const next = page.getByRole("button", { name: "Next featured items" });
    const previous = page.getByRole("button", { name: "Previous featured items" });
    const current = () =>
      page.locator("[data-testid=featured-item][aria-current=true]").getAttribute("aria-label");
    const total = await page.getByTestId("featured-item").count();
    await eventually(() => next.isEnabled()).toBe(true);
    expect(await current()).toBe(`1 of ${total}`);
    await next.click();
    await eventually(current).toBe(`2 of ${total}`);
    await previous.click();
    await eventually(current).toBe(`1 of ${total}`);
    // Before the first comes the last.
    await previous.focus();
    await page.keyboard.press("Enter");
    await eventually(current).toBe(`${total} of ${total}`);
  });
});

describe("featured carousel, loaded on first reach", () => {
  it("stays put when its code cannot be loaded, and works on the next try", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    let refused = 0;
    // The first fetch of Embla fails ("aborted": the page guard treats it as expected).
    await page.route(/\/assets\/embla-carousel[^/]*\.js$/, (route) =>
      refused++ === 0 ? route.abort("aborted") : route.continue(),
    );
    const next = page.getByRole("button", { name: "Next featured items" });
    const current = () =>
      page.locator("[data-testid=featured-item][aria-current=true]").getAttribute("aria-label");
    const total = await page.getByTestId("featured-item").count();

    await next.click();
    await eventually(() => refused).toBe(1);
    expect(await current()).toBe(`1 of ${total}`);

    await next.click();
    await eventually(current).toBe(`2 of ${total}`);
  });
});

describe("cart", () => {
  it("adds with toasts, opens the drawer, returns focus, and survives a reload", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    await addToCart(page, TOTE);
    const drawer = cartDrawer(page);
    expect(await drawer.innerText()).toContain("1 item in your cart");
    const lines = drawer.getByTestId("cart-line");
    expect(await lines.count()).toBe(1);
    expect(await lines.first().innerText()).toContain(TOTE);

    // Escape closes the drawer and focus goes back to the button that opened it.
    await closeDrawer(page);
    const addButton = productCard(page, TOTE).getByRole("button", { name: "Add to Cart" });
    await eventually(() => addButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // The same product and format again: quantity 2 on one line.
    await addToCart(page, TOTE);
    expect(await lines.count()).toBe(1);
    expect(await lines.first().getByTestId("cart-line-quantity").innerText()).toBe("2");
    expect(await drawer.getByTestId("cart-subtotal").innerText()).toBe("$44.00");
    await closeDrawer(page);
    await eventually(() => page.getByTestId("cart-badge").innerText()).toBe("2");

    await page.reload();
    await eventually(() => page.getByTestId("cart-badge").innerText()).toBe("2");
    await page.getByTestId("cart-button").click();
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain("2 items in your cart");
    expect(await lines.first().innerText()).toContain(TOTE);
    expect(await drawer.getByTestId("cart-line-total").innerText()).toBe("$44.00");

    // Minus lowers, the remove button removes, with their toasts.
    await lines.first().getByRole("button", { name: "Decrease quantity" }).click();
    await eventually(() => lines.first().getByTestId("cart-line-quantity").innerText()).toBe("1");
    await lines
      .first()
      .getByRole("button", { name: `Remove ${TOTE}` })
      .first()
      .click();
    await waitForNewToast(page, "Item removed");
    await eventually(() => drawer.innerText()).toContain("Your cart is empty");
    expect(await drawer.innerText()).toContain("Add some items to get started!");
    expect(await storedCart(page)).toBeNull();
  });

  it("clears the cart with Clear Cart", async () => {
    const { page } = await openPage("/shop", { viewport: "desktop" });
    await addToCart(page, TOTE);
    await closeDrawer(page);
    await addToCart(page, SHEET_MUSIC);
    const drawer = cartDrawer(page);
    expect(await drawer.innerText()).toContain("2 items in your cart");
    await drawer.getByRole("button", { name: "Clear Cart" }).click();
    await waitForNewToast(page, "Cart cleared");
    await eventually(() => drawer.innerText()).toContain("Your cart is empty");
    expect(await storedCart(page)).toBeNull();
  });

  it("keeps Tab inside the open drawer", async () => {
    const { page } = await openPage("/shop", { viewport: "desktop" });
    await addToCart(page, TOTE);
    const drawer = cartDrawer(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });
});

describe("stock", () => {
  it("shows Out of Stock with Add to Cart disabled", async () => {
    const { page } = await openPage("/shop", { viewport: "desktop" });
    expect(await productCard(page, LP).getByTestId("stock-note").innerText()).toBe("Out of Stock");
    expect(
      await productCard(page, LP).getByRole("button", { name: "Add to Cart" }).isDisabled(),
    ).toBe(true);
  });

  it("refuses to cart more than the stock, and disables plus at the limit", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    const stock = await shownStock(page, CD);
    expect(stock, "the CD has stock left").toBeGreaterThan(0);
    for (let i = 0; i < stock!; i++) {
      await addToCart(page, CD);
      await closeDrawer(page);
    }
    await productCard(page, CD).getByRole("button", { name: "Add to Cart" }).click();
    await waitForNewToast(page, "Insufficient Stock", `Only ${stock} items available in stock`);
    // Nothing was added and the drawer did not open.
    expect(await cartDrawer(page).count()).toBe(0);
    expect(await storedCart(page)).toHaveLength(1);

    await page.getByTestId("cart-button").click();
    const line = cartDrawer(page).getByTestId("cart-line");
    expect(await line.getByTestId("cart-line-quantity").innerText()).toBe(String(stock));
    expect(await line.getByRole("button", { name: "Increase quantity" }).isDisabled()).toBe(true);
    expect(await line.getByTestId("cart-line-limit").innerText()).toBe("Maximum quantity reached");
  });
});

describe("checkout with the demo provider", () => {
  it("buys sheet music and merch: toast, confirmation drawer, empty cart, lower stock", async () => {
    const { page } = await openPage("/shop", { viewport: "phone" });
    const cdStock = await shownStock(page, CD);
    expect(cdStock, "the CD has stock left").toBeGreaterThan(0);

    await addToCart(page, SHEET_MUSIC);
    await closeDrawer(page);
    // The T-shirt has options (issue 24): a colour and a size first.
    const shirt = productCard(page, MERCH);
    await shirt.getByLabel("Colour").selectOption("Black");
    await shirt.getByLabel("Size").selectOption("M");
    await shirt.getByRole("button", { name: "Add to Cart" }).click();
    // Escape closes the drawer only once it is open.
    await cartDrawer(page).waitFor({ state: "visible" });
    await waitForNewToast(
      page,
      "Added to cart!",
      `${MERCH}, Black, M has been added to your cart.`,
    );
    await closeDrawer(page);
    await addToCart(page, CD);
    expect(await cartDrawer(page).innerText()).toContain("3 items in your cart");

    const email = "demo.buyer@example.com";
    await checkout(page, email);

    // Editing the address goes back to the e-mail step, with the address kept; the
    // shipping address (the cart holds a CD and a T-shirt) is kept too.
    const drawer = cartDrawer(page);
    await drawer.getByRole("button", { name: "Edit e-mail address" }).click();
    expect(await drawer.getByLabel("Email").inputValue()).toBe(email);
    await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
    expect(await drawer.getByTestId("shipping-city").inputValue()).toBe("New Orleans");
    await drawer.getByRole("button", { name: "Continue to Payment" }).click();

    const pay = drawer.getByRole("button", { name: "Complete demo payment" });
    await pay.waitFor();
    expect(await drawer.getByTestId("demo-checkout").innerText()).toContain("No money moves");
    // $46.99 of goods, plus shipping to the US (demo zone: $4.00 + $1.50 for the second item).
    expect(await drawer.getByTestId("checkout-total").innerText()).toBe("$52.49");
    await pay.click();

    await expectPurchaseConfirmed(page, email);

    // The shop was read again: the CD's stock went down by one without a reload.
    const expected = cdStock! - 1;
    await eventually(() => shownStock(page, CD)).toBe(expected);
  });

  it("goes Back to Cart from checkout with the cart intact", async () => {
    const { page } = await openPage("/shop", { viewport: "desktop" });
    await addToCart(page, TOTE);
    await checkout(page, "back@example.com");
    await cartDrawer(page).getByRole("button", { name: "Back to Cart" }).click();
    const line = cartDrawer(page).getByTestId("cart-line");
    await line.waitFor();
    expect(await line.innerText()).toContain(TOTE);
    expect(await storedCart(page)).toHaveLength(1);
  });
});

describe("checkout with PayPal (the local stand-in)", () => {
  const paypalAppUrl = inject("paypalAppUrl");
  // Pages of the PayPal-mode server, whose answers the guard checks too.
  const paypalSite = setupBrowser({ baseUrl: paypalAppUrl });

  /** The stand-in's test hooks live on the origin the SDK is loaded from. */
  async function fakePayPal(hook: string, body: unknown = {}) {
    const config = (await (await fetch(`${paypalAppUrl}/api/provider-config`)).json()) as {
      provider: string;
      sdkUrl: string;
    };
    expect(config.provider).toBe("paypal");
    const response = await fetch(new URL(`/__test/${hook}`, config.sdkUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.ok, `fake PayPal hook ${hook}`).toBe(true);
  }

  /** A cart (sheet music unless told), through checkout to the rendered PayPal buttons. */
  async function toPayPalButtons(
    email: string,
    titles = [SHEET_MUSIC],
    open: typeof openPage = paypalSite.openPage,
  ) {
    const { page } = await open(`${paypalAppUrl}/shop`, { viewport: "desktop" });
    for (const [i, title] of titles.entries()) {
      if (i > 0) await closeDrawer(page);
      await addToCart(page, title);
    }
    await checkout(page, email);
    const button = cartDrawer(page).locator("[data-fake-paypal=button]");
    await button.waitFor();
    return { page, button };
  }

  it("buys sheet music through the PayPal buttons", async () => {
    const email = "paypal.buyer@example.com";
    const { page, button } = await toPayPalButtons(email);
    await button.click();
    await expectPurchaseConfirmed(page, email);
  });

  it("buys a Black L T-shirt and a CD by post: PayPal gets the shipping apart and the buyer's address", async () => {
    const email = `paypal.post.${Date.now().toString(36)}@example.com`;
    const { page } = await paypalSite.openPage(`${paypalAppUrl}/shop`, { viewport: "desktop" });
    const shirt = productCard(page, MERCH);
    await shirt.getByLabel("Colour").selectOption("Black");
    await shirt.getByLabel("Size").selectOption("L");
    await shirt.getByRole("button", { name: "Add to Cart" }).click();
    // Escape closes the drawer only once it is open.
    await cartDrawer(page).waitFor({ state: "visible" });
    await waitForNewToast(
      page,
      "Added to cart!",
      `${MERCH}, Black, L has been added to your cart.`,
    );
    await closeDrawer(page);
    await addToCart(page, CD);
    await checkout(page, email);
    const drawer = cartDrawer(page);
    // $40.00 of goods, plus shipping to the US (demo zone: $4.00 + $1.50 for the second item).
    expect(await drawer.getByTestId("checkout-total").innerText()).toBe("$45.50");
    await drawer.locator("[data-fake-paypal=button]").click();
    // Nothing to download: the toast thanks the buyer without the download sentence.
    await waitForNewToast(
      page,
      "Payment Successful! 🎉",
      "Your order has been processed successfully! Thank you for your purchase!",
    );

    const config = (await (await fetch(`${paypalAppUrl}/api/provider-config`)).json()) as {
      sdkUrl: string;
    };
    const state = (await (await fetch(new URL("/__test/state", config.sdkUrl))).json()) as {
      orders: {
        purchase_units: {
          amount: { value: string; breakdown?: { shipping?: { value: string } } };
          items?: { name: string }[];
          shipping?: { address?: Record<string, string> };
        }[];
      }[];
    };
    // This buyer's order: the stand-in also holds the other files' (a T-shirt to Germany).
    const unit = state.orders
      .map((order) => order.purchase_units[0]!)
      .find(
        (u) =>
          u.items?.some((item) => item.name === `${MERCH}, Black, L`) &&
          u.shipping?.address?.address_line_1 === "12 Blue Note Lane",
      );
    expect(unit?.amount).toMatchObject({
      value: "45.50",
      breakdown: { shipping: { value: "5.50" } },
    });
    // The address typed in the drawer went to PayPal with the order.
    expect(unit?.shipping?.address).toMatchObject({
      address_line_1: "12 Blue Note Lane",
      admin_area_2: "New Orleans",
      country_code: "US",
    });
  });

  it("keeps the cart when the buyer cancels, and releases the held stock", async () => {
    const { page: shop } = await paypalSite.openPage("/shop", { viewport: "desktop" });
    const cdStock = await shownStock(shop, CD);
    expect(cdStock, "the CD has stock left").toBeGreaterThan(0);

    const { page, button } = await toPayPalButtons("cancel@example.com", [SHEET_MUSIC, CD]);
    await fakePayPal("buyer-action", { action: "cancel" });
    await button.click();
    await waitForNewToast(
      page,
      "Payment Cancelled",
      "Your payment was cancelled. Your cart items are still saved.",
    );
    expect(await storedCart(page)).toHaveLength(2);
    expect(await cartDrawer(page).isVisible()).toBe(true);

    // The order's hold on the CD ends at once (not after the hold time).
    await eventually(async () => {
      await shop.reload();
      return shownStock(shop, CD);
    }).toBe(cdStock);
  });

  it("keeps the cart when PayPal reports an error", async () => {
    const { page, button } = await toPayPalButtons("error@example.com");
    await fakePayPal("buyer-action", { action: "error" });
    await button.click();
    await waitForNewToast(
      page,
      "PayPal Error",
      "There was an issue with PayPal. Please try again or use a different payment method.",
    );
    expect(await storedCart(page)).toHaveLength(1);
  });

  it("keeps the cart when the payment cannot be captured, and says why", async () => {
    // The refused capture answers 402; this page is watched for the test server only.
    const { page, button } = await toPayPalButtons("declined@example.com", [SHEET_MUSIC], openPage);
    await fakePayPal("decline-next-capture");
    await button.click();
    await waitForNewToast(
      page,
      "Payment Processing Error",
      "There was an issue processing your payment. Please contact support with your PayPal transaction ID.",
    );
    expect(await storedCart(page)).toHaveLength(1);
    expect(await page.getByRole("dialog", { name: /Purchase Confirmed/ }).count()).toBe(0);
    expect(await cartDrawer(page).getByTestId("payment-failure-reason").innerText()).toContain(
      "Your payment was declined",
    );
  });

  it("offers Try again when the buttons fail to render", async () => {
    await fakePayPal("sdk-failures", { renders: 1 });
    const { page } = await paypalSite.openPage("/shop", { viewport: "desktop" });
    await addToCart(page, SHEET_MUSIC);
    await checkout(page, "render@example.com");
    const drawer = cartDrawer(page);
    await drawer.getByText("PayPal checkout is temporarily unavailable").waitFor();
    await waitForNewToast(page, "PayPal Setup Error", "Unable to initialize PayPal checkout:");
    expect(await drawer.getByRole("link", { name: "Contact for payment" }).isVisible()).toBe(true);
    await drawer.getByRole("button", { name: "Try again" }).click();
    await drawer.locator("[data-fake-paypal=button]").waitFor();
  });

  it("offers Retry after the SDK fails to load 3 times", async () => {
    await fakePayPal("sdk-failures", { loads: 3 });
    const { page } = await paypalSite.openPage("/shop", { viewport: "phone" });
    await addToCart(page, SHEET_MUSIC);
    await checkout(page, "retry@example.com");
    const drawer = cartDrawer(page);
    await drawer.getByText("PayPal checkout failed to load").waitFor();
    await waitForNewToast(page, "PayPal Setup Error");
    await drawer.getByRole("button", { name: "Retry" }).click();
    await drawer.locator("[data-fake-paypal=button]").waitFor();
  });
});
