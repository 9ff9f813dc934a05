/**
 * The rendered-page cache in Chromium against the built server (issue 12, decision
 * 019): a page served from memory still hydrates under a policy of script hashes while
 * an injected inline script is refused; a save in the back office shows on the very
 * next load; a purchase of the last copy shows "Out of Stock" on the next load of /shop.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { allowConsoleError, goto, setupBrowser, waitForNewToast } from "./helpers";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

const shopCard = (page: Page, title: string): Locator =>
  page
    .getByTestId("catalogue")
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Loads `path` in the page and returns the document's X-Page-Cache answer. */
async function load(page: Page, path: string): Promise<string | undefined> {
  const answered = page.waitForResponse(
    (r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === path,
  );
  await goto(page, path);
  return (await answered).headers()["x-page-cache"];
}

async function postTo(page: Page, pathname: string, press: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(pathname),
  );
  await press();
  expect((await answered).status()).toBe(200);
}

describe("a page from the cache", () => {
  it("hydrates under a policy of its scripts' hashes, and an injected inline script does not run", async () => {
    const { page } = await browser.openPage("/events", { viewport: "desktop" });
    // The first load may have rendered it; this one comes from memory.
    expect(await load(page, "/events")).toBe("hit");
    const response = await page.request.get(page.url());
    const scriptSrc = (response.headers()["content-security-policy"] ?? "")
      .split(";")
      .find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'nonce-");

    // Hydrated (goto waited for React): the page's own inline scripts ran. Now a script
    // an attacker got into the page: refused, and reported as a violation.
    allowConsoleError(page, /violates the following Content Security Policy directive/);
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string | null }>((resolve) => {
          let violated: string | null = null;
          document.addEventListener("securitypolicyviolation", (event) => {
            violated = event.effectiveDirective;
          });
          const script = document.createElement("script");
          script.textContent = "window.__injected = true";
          document.body.append(script);
          setTimeout(() => {
            const ran = (window as unknown as { __injected?: boolean }).__injected === true;
            resolve({ ran, violated });
          }, 100);
        }),
    );
    expect(outcome).toEqual({ ran: false, violated: "script-src-elem" });
  }, 90_000);

  it("is served per visitor as the same page, and bypassed with a session", async () => {
    const { page } = await openAsOwner(browser, "/admin", { viewport: "desktop" });
    // The owner's session cookie goes with every request: never the shared copy.
    expect(await load(page, "/about")).toBe("bypass");
  });
});

describe("after a change", () => {
  it("shows a saved page text on the very next load of the public page", async () => {
    const { page: visitor } = await browser.openPage("/events", { viewport: "desktop" });
    expect(await load(visitor, "/events")).toBe("hit");
    const heading = visitor.getByRole("heading", { level: 1 });
    const before = (await heading.innerText()).trim();

    const { page: admin } = await openAsOwner(browser, "/admin/page-content", {
      viewport: "desktop",
    });
    const record = admin.getByRole("region", { name: "Events hero title", exact: true });
    const title = record.getByLabel("Title", { exact: true });
    const save = async () => {
      await postTo(admin, "/admin/page-content", () =>
        record.getByRole("button", { name: "Save", exact: true }).click(),
      );
      await eventually(() => record.getByText("Unsaved changes").count()).toBe(0);
    };
    const changed = `Live at the Blue Room ${Date.now().toString(36)}`;
    await title.fill(changed);
    await save();

    expect(await load(visitor, "/events")).toBe("miss");
    expect((await heading.innerText()).trim()).toBe(changed);
    expect(await load(visitor, "/events")).toBe("hit");

    // Put the old title back.
    await title.fill(before);
    await save();
    expect(await load(visitor, "/events")).toBe("miss");
    expect((await heading.innerText()).trim()).toBe(before);
  }, 90_000);

  it("shows Out of Stock on the next load of /shop once the last copy is bought", async () => {
    const { page: admin } = await openAsOwner(browser, "/admin/shop", { viewport: "desktop" });
    await admin.getByRole("heading", { name: "Manage Shop" }).waitFor();
    const test = "Test Physical Item - Low Stock";
    const row = admin.locator("tbody tr[data-row-id]").filter({ hasText: test });
    if ((await row.count()) > 0) {
      await postTo(admin, "/admin/shop", () =>
        admin.getByRole("button", { name: "Delete test items" }).click(),
      );
      await eventually(() => row.count()).toBe(0);
    }
    await postTo(admin, "/admin/shop", () =>
      admin.getByRole("button", { name: "Create test item" }).click(),
    );
    await waitForNewToast(admin, "Test item created");
    await row.getByRole("button", { name: `Edit "${test}"` }).click();
    const dialog = admin.getByRole("dialog", { name: "Edit Product" });
    await dialog.getByLabel("Inventory count").fill("1");
    await postTo(admin, "/admin/shop", () =>
      dialog.getByRole("button", { name: "Update Product" }).click(),
    );
    await waitForNewToast(admin, "Product Updated Successfully");

    try {
      const { page: shop } = await browser.openPage("/shop", { viewport: "desktop" });
      expect(await load(shop, "/shop")).toBe("hit");
      const card = shopCard(shop, test);
      expect(await card.getByTestId("stock-note").innerText()).toBe("Only 1 left in stock");

      await card.getByRole("button", { name: "Add to Cart" }).click();
      const drawer = shop.getByRole("dialog", { name: "Shopping Cart" });
      await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
      await drawer.getByLabel("Email").fill("last.copy@example.com");
      await drawer.getByRole("button", { name: "Continue to Shipping" }).click();
      const step = drawer.getByTestId("checkout-address-step");
      await step.getByLabel("Full name").fill("Ella Buyer");
      await step.getByLabel("Street address").fill("12 Blue Note Lane");
      await step.getByLabel("City", { exact: true }).fill("New Orleans");
      await step.getByLabel("Postal code").fill("70116");
      await step.getByRole("button", { name: "Continue to Payment" }).click();
      await drawer.getByRole("button", { name: "Complete demo payment" }).click();
      await waitForNewToast(shop, "Payment Successful!");

      // Another visitor, a fresh load: the copy kept before the purchase is gone.
      const { page: next } = await browser.openPage("/about", { viewport: "desktop" });
      expect(await load(next, "/shop")).toBe("miss");
      expect(await shopCard(next, test).getByTestId("stock-note").innerText()).toBe("Out of Stock");
    } finally {
      await goto(admin, "/admin/shop");
      await postTo(admin, "/admin/shop", () =>
        admin.getByRole("button", { name: "Delete test items" }).click(),
      );
      await eventually(() => row.count()).toBe(0);
    }
  }, 120_000);
});
