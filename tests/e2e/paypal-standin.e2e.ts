/**
 * The PayPal stand-in in a real browser, on the PayPal-mode server: the JS SDK loads
 * under the site's CSP with the client id from /api/provider-config, its button runs
 * createOrder → approval → onApprove against the shop's endpoints, and a cancelled
 * payment reaches onCancel. (The shop's own checkout journeys live with the shop UI.)
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupBrowser } from "./helpers";
import { paypalMode, shopItem, waitForMail } from "./shop-paypal";

const { appUrl, fakeUrl } = paypalMode();
const { openPage } = setupBrowser({ baseUrl: appUrl });

interface Outcome {
  event: "approve" | "cancel" | "error";
  orderID?: string;
  result?: unknown;
  message?: string;
}

/** Loads the SDK as the shop does and renders the buttons for a one-line cart. */
async function renderButtons(page: Page, email: string, title: string) {
  const item = shopItem(title);
  await page.evaluate(
    async ({ item, email }) => {
      const config = await (await fetch("/api/provider-config")).json();
      const url = new URL(config.sdkUrl);
      url.searchParams.set("client-id", config.clientId);
      url.searchParams.set("currency", "USD");
      url.searchParams.set("components", "buttons");
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement("script");
        script.src = url.href;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error("SDK failed to load"));
        document.head.append(script);
      });
      const container = document.createElement("div");
      container.id = "paypal-test-buttons";
      document.querySelector("main")!.append(container);
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const w = window as unknown as {
        paypal: { Buttons(o: unknown): { render(s: string): Promise<void> } };
        outcome: Promise<unknown>;
      };
      w.outcome = new Promise((done) => {
        void w.paypal
          .Buttons({
            style: { layout: "vertical", color: "gold", shape: "rect", height: 45 },
            createOrder: async () =>
              (
                await post("/api/create-provider-order", {
                  items: [{ ...item, id: item.id, quantity: 1 }],
                  customerEmail: email,
                  // Records and shirts go by post: the demo's zones price them to a country.
                  shippingCountry: "US",
                })
              ).orderID,
            onApprove: async ({ orderID }: { orderID: string }) =>
              done({
                event: "approve",
                orderID,
                result: await post("/api/create-order", {
                  customerEmail: email,
                  paypalOrderId: orderID,
                  items: [{ shopItemId: item.id, quantity: 1, pricePerItem: item.price }],
                  totalAmount: item.price,
                }),
              }),
            onCancel: async ({ orderID }: { orderID: string }) =>
              done({
                event: "cancel",
                orderID,
                result: await post("/api/cancel-provider-order", { orderID }),
              }),
            onError: (error: Error) => done({ event: "error", message: error.message }),
          })
          .render("#paypal-test-buttons");
      });
    },
    { item, email },
  );
  const button = page.getByRole("button", { name: "Pay with PayPal (test)" });
  await button.waitFor();
  return button;
}

const outcome = (page: Page) =>
  page.evaluate(() => (window as unknown as { outcome: Promise<Outcome> }).outcome);

describe("PayPal stand-in", () => {
  it("pays through the SDK button: the server captures at the stand-in and mails the buyer", async () => {
    const { page } = await openPage("/downloads/recover");
    const button = await renderButtons(
      page,
      "sdk-buyer@example.com",
      "Velvet Slide: Lead Sheet (PDF)",
    );
    expect(await button.evaluate((b) => getComputedStyle(b).height)).toBe("45px");
    await button.click();
    const result = await outcome(page);
    expect(result).toMatchObject({
      event: "approve",
      result: { success: true, customerEmail: "sdk-buyer@example.com" },
    });
    const state = await (await fetch(`${fakeUrl}/__test/state`)).json();
    expect(
      state.captures.filter((c: { orderId: string }) => c.orderId === result.orderID),
    ).toHaveLength(1);
    await waitForMail("sdk-buyer@example.com", (m) => m.subject.startsWith("Your download links"));
  });

  it("reports a cancelled payment to onCancel, and the hold ends", async () => {
    await fetch(`${fakeUrl}/__test/buyer-action`, {
      method: "POST",
      body: JSON.stringify({ action: "cancel" }),
    });
    const { page } = await openPage("/downloads/recover");
    const button = await renderButtons(page, "sdk-cancel@example.com", "Copper Street (Signed CD)");
    await button.click();
    expect(await outcome(page)).toMatchObject({ event: "cancel", result: { cancelled: true } });
  });

  it("reports a failed payment to onError", async () => {
    await fetch(`${fakeUrl}/__test/buyer-action`, {
      method: "POST",
      body: JSON.stringify({ action: "error" }),
    });
    const { page } = await openPage("/downloads/recover");
    const button = await renderButtons(page, "sdk-error@example.com", "Signed Tour Poster");
    await button.click();
    expect(await outcome(page)).toEqual({ event: "error", message: "Fake PayPal: card declined" });
  });
});
