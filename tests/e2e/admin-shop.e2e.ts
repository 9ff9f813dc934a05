/**
 * Manage shop in Chromium against the built server (admin spec §2 "/admin/shop", §5
 * "Shop item", §8; issue 11): a sheet-music product with an uploaded, private PDF is
 * created through the dialog after its validation messages, bought with the demo
 * provider and downloaded from the mailed link; the test-inventory item is moved up,
 * repriced and restocked, and /shop shows all three; a typed image address on the
 * server's own network is refused by the server's check; axe finds nothing serious
 * with the dialog open, at desktop and phone widths.
 *
 * Every product a test adds is deleted again, so the shop journeys (shop.e2e.ts) find
 * the demo catalogue as it was (a reorder keeps the demo items' relative order).
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { goto, setupBrowser, waitForNewToast, type ViewportName } from "./helpers";
import { waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";
import { downloadPaths } from "./shop-paypal";

const browser = setupBrowser();
/** Set E2E_SCREENSHOTS=<dir> to keep a picture of the screen at both widths. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const RUN = Date.now().toString(36);

const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 50, message });

const productDialog = (page: Page, name: "Add New Product" | "Edit Product") =>
  page.getByRole("dialog", { name });

const row = (page: Page, title: string) =>
  page.locator("tbody tr[data-row-id]").filter({ hasText: title });

/** The titles of the admin table's rows, in order. */
const adminTitles = (page: Page) =>
  page
    .locator("tbody tr[data-row-id] td p.font-medium")
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? "").trim()));

/** The titles of /shop's catalogue, in order. */
const shopTitles = (page: Page) =>
  page
    .getByTestId("catalogue")
    .getByTestId("product-card")
    .locator("h3, h2")
    .evaluateAll((headings) => headings.map((h) => (h.textContent ?? "").trim()));

const shopCard = (page: Page, title: string): Locator =>
  page
    .getByTestId("catalogue")
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function openShopAdmin(viewport: ViewportName = "desktop") {
  return openAsOwner(browser, "/admin/shop", { viewport });
}

/** A small, real PDF (the download stamps it with pdf-lib, so it must parse). */
async function samplePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText("Admin test lead sheet", {
    x: 20,
    y: 100,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save());
}

/** Presses a button that posts to the screen's action and waits for its answer. */
async function postWith(page: Page, press: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/shop"),
  );
  await press();
  expect((await answered).status()).toBe(200);
}

async function deleteProduct(page: Page, title: string) {
  await page.getByRole("button", { name: `Delete "${title}"` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Product" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await eventually(() => row(page, title).count()).toBe(0);
}

describe("a sheet-music product with a private PDF", () => {
  it("is refused until the form is right, created, bought with the demo provider and downloaded", async () => {
    const { page } = await openShopAdmin();
    await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = productDialog(page, "Add New Product");
    await dialog.waitFor();

    // Nothing filled in: every rule speaks, and the toast counts them.
    await dialog.getByLabel("Category").selectOption("sheet_music");
    await dialog.getByLabel("Bandcamp URL").fill("artist.bandcamp.com");
    await dialog.getByLabel("External URL").fill("ftp://example.com/score");
    await dialog.getByLabel("Inventory count").fill("-1");
    await dialog.getByRole("button", { name: "Create Product" }).click();
    const messages = [
      "Product title is required and cannot be empty",
      "Price is required for purchasable items and must be greater than $0",
      "Bandcamp URL must be a valid web address (e.g., https://artist.bandcamp.com)",
      "External URL must use HTTP or HTTPS protocol",
      "Inventory count cannot be negative",
    ];
    for (const message of messages) await dialog.getByText(message, { exact: true }).waitFor();
    await waitForNewToast(
      page,
      "Form Validation Failed",
      `Please fix ${messages.length} error(s) before submitting`,
    );
    // The first invalid field has the focus, and what was typed stays.
    expect(await dialog.getByLabel("Title").evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await dialog.getByLabel("Bandcamp URL").inputValue()).toBe("artist.bandcamp.com");

    // An image address into the server's own network is refused: after the first Save the
    // field's message follows what is typed, so it says so at once (the server refuses it too).
    const image = dialog.locator('[data-slot="upload-field"][data-kind="image"]');
    await image.getByRole("textbox").fill("http://127.0.0.1/private/cover.png");
    await dialog.getByText(/This address points into a private network/).waitFor();

    // Put right: a title, a price, a PDF upload, tags (Enter and Add; no duplicates).
    const title = `Admin Lead Sheet ${RUN}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Price (USD)").fill("4.5");
    await image.getByRole("textbox").fill("");
    await dialog.getByLabel("Bandcamp URL").fill("");
    await dialog.getByLabel("External URL").fill("");
    await dialog.getByLabel("Inventory count").fill("");
    const pdf = dialog.locator('[data-slot="upload-field"][data-kind="pdf"]');
    // Sheet music without a PDF or a link is refused on its own.
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await dialog
      .getByText("Sheet music needs a PDF file, a PDF URL or an external link", { exact: true })
      .waitFor();
    await waitForNewToast(page, "Form Validation Failed", "Please fix 1 error(s)");
    await pdf.locator('input[type="file"]').setInputFiles({
      name: "lead-sheet.pdf",
      mimeType: "application/pdf",
      buffer: await samplePdf(),
    });
    await pdf.getByText("Uploaded lead-sheet.pdf").waitFor();
    // The download panel: sheet music, defaults 5 and 30.
    expect(await dialog.getByLabel("Download limit").inputValue()).toBe("5");
    expect(await dialog.getByLabel("Link expiry (days)").inputValue()).toBe("30");
    const tags = dialog.getByLabel("Tags");
    await tags.fill(" jazz ");
    await tags.press("Enter");
    await tags.fill("Jazz");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.getByText("That tag is already in the list.").waitFor();
    await tags.fill("lead sheet");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.getByRole("button", { name: "Remove tag lead sheet" }).waitFor();

    await postWith(page, () => dialog.getByRole("button", { name: "Create Product" }).click());
    await waitForNewToast(page, "Product Created Successfully");
    await dialog.waitFor({ state: "detached" });
    const created = row(page, title);
    expect(await created.innerText()).toContain("$4.50");
    expect(await created.innerText()).toContain("PDF");

    // The stored PDF is private: its key is not a public address.
    await created.getByRole("button", { name: `Edit "${title}"` }).click();
    const edit = productDialog(page, "Edit Product");
    // It is named as the artist picked it (issue 26 item 15), stored under a key of its own.
    await edit.getByText("Private file: lead-sheet.pdf", { exact: true }).waitFor();
    const storedKey = await edit.locator('input[name="pdfFileUrl"]').inputValue();
    const fileName = storedKey.split("/").pop()!;
    expect(fileName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    await edit.getByRole("button", { name: "Cancel" }).click();
    const publicTry = await page.request.get(new URL(`/uploads/${fileName}`, page.url()).href);
    expect(publicTry.status()).toBe(404);

    // A visitor buys it with the demo provider…
    const email = `sheet.${RUN}@example.com`;
    const { page: shop } = await browser.openPage("/shop", { viewport: "desktop" });
    const card = shopCard(shop, title);
    expect(await card.getByTestId("product-price").innerText()).toBe("$4.50");
    await card.getByRole("button", { name: "Add to Cart" }).click();
    const drawer = shop.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await drawer.getByLabel("Email").fill(email);
    await drawer.getByRole("button", { name: "Continue to Payment" }).click();
    await drawer.getByRole("button", { name: "Complete demo payment" }).click();
    await waitForNewToast(shop, "Payment Successful!");

    // …and downloads it from the mailed link: the uploaded PDF, stamped for them.
    const mail = await waitForMail(email, /download links/);
    const [link] = downloadPaths(mail);
    expect(link).toBeDefined();
    const [file] = await Promise.all([
      shop.waitForEvent("download"),
      shop.evaluate((href) => {
        const a = document.createElement("a");
        a.href = href;
        document.body.append(a);
        a.click();
        a.remove();
      }, link!),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    await deleteProduct(page, title);
  });
});

describe("a record with a digital twin", () => {
  it("mails a download code with the record, and the code brings the twin's file", async () => {
    const { page } = await openShopAdmin();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = productDialog(page, "Add New Product");
    await dialog.waitFor();
    const title = `Twin CD ${RUN}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Category").selectOption("sheet_music");
    // Only a record offers a twin.
    expect(await dialog.getByLabel("Digital twin").count()).toBe(0);
    await dialog.getByLabel("Category").selectOption("cd");
    await dialog.getByLabel("Price (USD)").fill("10");
    await dialog.getByLabel("Inventory count").fill("5");
    const twin = dialog.getByLabel("Digital twin");
    // The shop's items with a file, by title; not the records themselves.
    const choices = await twin.locator("option").allInnerTexts();
    expect(choices).toContain("Velvet Slide: Lead Sheet (PDF)");
    expect(choices.some((c) => c.includes("(CD)"))).toBe(false);
    await twin.selectOption({ label: "Velvet Slide: Lead Sheet (PDF)" });
    await postWith(page, () => dialog.getByRole("button", { name: "Create Product" }).click());
    await waitForNewToast(page, "Product Created Successfully");
    await dialog.waitFor({ state: "detached" });

    await row(page, title)
      .getByRole("button", { name: `Edit "${title}"` })
      .click();
    const edit = productDialog(page, "Edit Product");
    expect(await edit.getByLabel("Digital twin").locator("option:checked").innerText()).toBe(
      "Velvet Slide: Lead Sheet (PDF)",
    );
    await edit.getByRole("button", { name: "Cancel" }).click();
    const id = await row(page, title).getAttribute("data-row-id");

    // A fan buys the CD with the demo provider (through the shop's own endpoints).
    const buyer = `twin.${RUN}@example.com`;
    const origin = new URL(page.url()).origin;
    const headers = { "content-type": "application/json", origin };
    const lines = [{ id: id!, title, price: 10, quantity: 1, category: "cd" }];
    const created = await fetch(`${origin}/api/create-provider-order`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        items: lines,
        customerEmail: buyer,
        shippingCountry: "US",
        shippingAddress: {
          name: "Twin Buyer",
          line1: "1 Record Row",
          city: "New Orleans",
          postalCode: "70116",
          country: "US",
        },
      }),
    });
    expect(created.status).toBe(200);
    const { orderID } = (await created.json()) as { orderID: string };
    const paid = await fetch(`${origin}/api/create-order`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        customerEmail: buyer,
        paypalOrderId: orderID,
        items: [{ shopItemId: id, quantity: 1, pricePerItem: 10 }],
        totalAmount: 10,
      }),
    });
    expect(paid.status).toBe(200);

    const mail = await waitForMail(buyer, /Your order/);
    expect(mail.body).toContain(
      "Your record comes with its download: Velvet Slide: Lead Sheet (PDF)",
    );
    const code = /\b[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\b/.exec(
      mail.body,
    )?.[0];
    expect(code).toBeTruthy();

    // The code, given to a friend, brings the lead sheet.
    const friend = `twin.friend.${RUN}@example.com`;
    const { page: fan } = await browser.openPage("/redeem", { viewport: "phone" });
    await fan.getByLabel("Download code").fill(code!);
    await fan.getByLabel("E-mail address").fill(friend);
    await fan.getByRole("button", { name: "Redeem and send my links" }).click();
    await fan.getByText(friend).first().waitFor();
    const links = await waitForMail(friend, /^Your download: Velvet Slide: Lead Sheet \(PDF\)$/);
    expect(links.body).toMatch(/\/download\/[A-Za-z0-9_-]{43}/);

    await deleteProduct(page, title);
  });
});

describe("order, price and stock", () => {
  it("moves the test item up, changes its price and stock, and /shop shows it", async () => {
    const { page } = await openShopAdmin();
    await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
    const test = "Test Physical Item - Low Stock";
    // No leftovers from an earlier, interrupted run.
    if ((await row(page, test).count()) > 0) {
      await postWith(page, () => page.getByRole("button", { name: "Delete test items" }).click());
      await eventually(() => row(page, test).count()).toBe(0);
    }

    await postWith(page, () => page.getByRole("button", { name: "Create test item" }).click());
    await waitForNewToast(page, "Test item created");
    await eventually(() => adminTitles(page).then((t) => t.at(-1))).toBe(test);
    const created = row(page, test);
    expect(await created.innerText()).toContain("$1.00");

    // Order 999 puts it last; one step up puts it before the last demo product.
    const before = await adminTitles(page);
    const neighbour = before.at(-2)!;
    await postWith(page, () => page.getByRole("button", { name: `Move ${test} up` }).click());
    await waitForNewToast(page, "Items reordered successfully");
    await eventually(() => adminTitles(page)).toEqual([...before.slice(0, -2), test, neighbour]);

    // Price and stock through the dialog.
    await created.getByRole("button", { name: `Edit "${test}"` }).click();
    const dialog = productDialog(page, "Edit Product");
    await dialog.getByLabel("Price (USD)").fill("2.5");
    await dialog.getByLabel("Inventory count").fill("4");
    await postWith(page, () => dialog.getByRole("button", { name: "Update Product" }).click());
    await waitForNewToast(page, "Product Updated Successfully");
    await eventually(() => row(page, test).innerText()).toContain("$2.50");

    const { page: shop } = await browser.openPage("/shop", { viewport: "desktop" });
    const titles = await shopTitles(shop);
    expect(titles.indexOf(test)).toBeGreaterThanOrEqual(0);
    if (titles.includes(neighbour)) {
      expect(titles.indexOf(test)).toBeLessThan(titles.indexOf(neighbour));
    }
    const card = shopCard(shop, test);
    expect(await card.getByTestId("product-price").innerText()).toBe("$2.50");
    expect(await card.getByTestId("stock-note").innerText()).toBe("Only 4 left in stock");

    // Clean-up through the panel.
    await postWith(page, () => page.getByRole("button", { name: "Delete test items" }).click());
    await waitForNewToast(page, "Test items deleted");
    await eventually(() => row(page, test).count()).toBe(0);
    await goto(shop, "/shop");
    expect(await shopCard(shop, test).count()).toBe(0);
  });
});

describe.each(["desktop", "phone"] as const)("the screen on %s", (viewport) => {
  it("passes axe, with the dialog open too, and fits the width", async () => {
    const { page } = await openShopAdmin(viewport);
    await page.getByRole("heading", { name: "Manage Shop" }).waitFor();
    await shot(page, `admin-shop-${viewport}`);
    await expectNoSeriousViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = productDialog(page, "Add New Product");
    await dialog.waitFor();
    await dialog.getByLabel("Category").selectOption("digital_music");
    await dialog.getByLabel("Download limit").waitFor();
    await shot(page, `admin-shop-dialog-${viewport}`);
    await expectNoSeriousViolations(page);
    // Keyboard: Escape asks before the chosen category is thrown away; Discard closes it
    // and nothing was saved.
    await page.keyboard.press("Escape");
    await page
      .getByRole("alertdialog", { name: "Discard changes?" })
      .getByRole("button", { name: "Discard" })
      .click();
    await dialog.waitFor({ state: "detached" });
  });
});

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function expectNoSeriousViolations(page: Page) {
  // A toast laid over a field would be measured as that field's background.
  await eventually(() => page.locator("[data-sonner-toast]").count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
}
