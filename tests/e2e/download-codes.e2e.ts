/**
 * Download codes in Chromium (issue 23): the artist generates a batch for the lead
 * sheet on /admin/download-codes and downloads its PDF cards (the codes are read back
 * from the PDF's text) and another as a CSV; a fan redeems a printed code typed in
 * lower case with spaces at /redeem and receives the mail with a working link; a wrong,
 * a used and a revoked code each get their own message; the batch's redemptions name
 * the fan. axe finds nothing serious on /redeem and the admin screen at phone and
 * desktop widths.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import type { Download, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REDEEM_MESSAGES } from "~/domain/shop/downloads/download-code";
import { pdfPageContents } from "~/server/testing/pdf-text.server";
import { readZip } from "~/server/testing/zip-reader.server";
import { seriousViolations } from "./axe";
import { allowConsoleError, allowHttpStatus, setupBrowser, waitForNewToast } from "./helpers";
import { waitForMail } from "./mail";
import { openAsOwner } from "./owner-session";

const browser = setupBrowser();
const RUN = Date.now().toString(36);
const CARDS = `Tour cards ${RUN}`;
const PRESS = `Press list ${RUN}`;
const BOTH = `Merch table ${RUN}`;
const ITEM = "Lowlight Walk: Lead Sheet (PDF)";
const FAN = `redeemer-${RUN}@example.com`;
const CODE_PATTERN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
/** Set E2E_SCREENSHOTS=<dir> to keep pictures of the screens. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const batchRow = (page: Page, label: string) =>
  page.locator("tbody tr[data-row-id]").filter({ hasText: label });

/**
 * The texts a PDF draws, on its pages and in the card template they place: pdf-lib
 * writes each as a hex string of WinAnsi bytes in a (deflated) content stream.
 */
async function pdfTexts(file: Download | Buffer): Promise<{ pages: string[]; all: string[] }> {
  const bytes = Buffer.isBuffer(file) ? file : await readFile((await file.path())!);
  const hexTexts = (content: string) =>
    [...content.matchAll(/<([0-9A-F]+)>\s*Tj/g)].map((m) =>
      Buffer.from(m[1]!, "hex").toString("latin1"),
    );
  const doc = await PDFDocument.load(bytes);
  const streams = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .map((stream) => {
      const raw = Buffer.from(stream.contents);
      const deflated = stream.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode");
      try {
        return (deflated ? inflateSync(raw) : raw).toString("latin1");
      } catch {
        return "";
      }
    });
  return {
    pages: (await pdfPageContents(bytes)).flatMap(hexTexts),
    all: streams.flatMap(hexTexts),
  };
}

async function generate(page: Page, label: string, count: string, button: RegExp) {
  const form = page.getByRole("form", { name: "Generate download codes" });
  await form.getByLabel("Digital item").selectOption({ label: ITEM });
  await form.getByLabel("Label").fill(label);
  await form.getByLabel("Number of codes").fill(count);
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    form.getByRole("button", { name: button }).click(),
  ]);
  return file;
}

async function redeem(page: Page, code: string, email: string) {
  await page.getByLabel("Download code").fill(code);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Redeem and send my links" }).click();
}

let printed: string[] = [];
let listed: string[] = [];

describe("download codes", () => {
  it("the artist generates a batch and prints its cards; a count out of range is refused", async () => {
    const { page } = await openAsOwner(browser, "/admin/download-codes", { viewport: "desktop" });
    const form = page.getByRole("form", { name: "Generate download codes" });
    await form.getByLabel("Digital item").selectOption({ label: ITEM });
    await form.getByLabel("Label").fill(CARDS);
    await form.getByLabel("Number of codes").fill("5001");
    await form.getByRole("button", { name: "Generate and download PDF cards" }).click();
    await form.getByText("Please enter a number of codes from 1 to 5,000.").waitFor();

    // From the keyboard: focus comes back to the button once the file is saved (issue 42 item 17).
    await form.getByLabel("Number of codes").fill("10");
    const pdfButton = form.getByRole("button", { name: "Generate and download PDF cards" });
    await pdfButton.focus();
    const [cards] = await Promise.all([
      page.waitForEvent("download"),
      page.keyboard.press("Enter"),
    ]);
    expect(cards.suggestedFilename()).toMatch(/^Tour-cards-[a-z0-9]+-download-codes\.pdf$/);
    await expect
      .poll(() => pdfButton.evaluate((button) => button === document.activeElement))
      .toBe(true);
    const texts = await pdfTexts(cards);
    printed = texts.pages.filter((t) => CODE_PATTERN.test(t));
    expect(printed).toHaveLength(10);
    expect(new Set(printed).size).toBe(10);
    // The card template every card places: the title and the redeem address.
    expect(texts.all.join(" ")).toContain(ITEM);
    expect(texts.all.some((t) => t.endsWith("/redeem"))).toBe(true);
    await waitForNewToast(page, "Download codes generated");
    await batchRow(page, CARDS).getByText("0 redeemed · 10 unused · 0 revoked").waitFor();

    const csv = await generate(page, PRESS, "2", /CSV/);
    const lines = (await readFile((await csv.path())!, "utf8")).trim().split(/\r\n/);
    expect(lines[0]!.replace(/^\uFEFF/, "")).toBe("Code,Item,Batch,Redeem at");
    listed = lines.slice(1).map((l) => l.split(",")[0]!);
    expect(listed).toHaveLength(2);
    for (const code of listed) expect(code).toMatch(CODE_PATTERN);
    await batchRow(page, PRESS).getByText("0 redeemed · 2 unused · 0 revoked").waitFor();

    // Both files of one batch, in one zip: the same three codes in the cards and the CSV.
    const both = await generate(page, BOTH, "3", /as a zip/);
    expect(both.suggestedFilename()).toMatch(/download-codes\.zip$/);
    const files = readZip(await readFile((await both.path())!));
    const names = Object.keys(files).sort();
    expect(names.map((name) => path.extname(name))).toEqual([".csv", ".pdf"]);
    const zipped = files[names[0]!]!.toString("utf8")
      .trim()
      .split(/\r\n/)
      .slice(1)
      .map((l) => l.split(",")[0]!);
    const carded = (await pdfTexts(files[names[1]!]!)).pages.filter((t) => CODE_PATTERN.test(t));
    expect(zipped).toHaveLength(3);
    expect(new Set(carded)).toEqual(new Set(zipped));
    await batchRow(page, BOTH).getByText("0 redeemed · 3 unused · 0 revoked").waitFor();
  });

  it("a fan redeems a printed code and gets the links by mail; wrong and used codes are told apart", async () => {
    expect(printed.length).toBeGreaterThan(0);
    const { page } = await browser.openPage("/redeem", { viewport: "phone" });
    allowHttpStatus(page, "POST", "/redeem.data", 400);
    allowConsoleError(page, /status of 400/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/redeem$/);

    await redeem(page, "2345-6789-ABCD", FAN);
    await page.getByText(REDEEM_MESSAGES.wrong).waitFor();
    expect(await page.getByLabel("Download code").getAttribute("aria-invalid")).toBe("true");

    const typed = printed[0]!.toLowerCase().replace(/-/g, " ");
    await redeem(page, typed, FAN);
    await page.getByText(REDEEM_MESSAGES.sent(FAN)).waitFor();

    const mail = await waitForMail(
      FAN,
      new RegExp(`^Your download: ${ITEM.replace(/[()]/g, "\\$&")}$`),
    );
    const link = /https?:\/\/[^\s"<>]+\/download\/[A-Za-z0-9_-]{43}/.exec(mail.body)?.[0];
    expect(link).toBeTruthy();
    const file = await fetch(new URL(new URL(link!).pathname, page.url()));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    await file.arrayBuffer();

    await page.getByRole("link", { name: "Redeem another code" }).click();
    await page.getByLabel("Download code").waitFor();
    await redeem(page, printed[0]!, "someone-else@example.com");
    await page.getByText(REDEEM_MESSAGES.used).waitFor();
  });

  it("the artist sees who redeemed, revokes the unused codes, and a revoked code is refused", async () => {
    const { page } = await openAsOwner(browser, "/admin/download-codes", { viewport: "phone" });
    const row = batchRow(page, CARDS);
    await row.getByText("1 redeemed · 9 unused · 0 revoked").waitFor();
    await row.getByRole("link", { name: `Redemptions of "${CARDS}"` }).click();
    const dialog = page.getByRole("dialog", { name: `Redemptions: ${CARDS}` });
    await dialog.getByText(FAN).waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });

    await batchRow(page, PRESS)
      .getByRole("button", { name: `Revoke unused codes of "${PRESS}"` })
      .click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await waitForNewToast(page, "Codes revoked");
    await batchRow(page, PRESS).getByText("0 redeemed · 0 unused · 2 revoked").waitFor();

    const { page: fan } = await browser.openPage("/redeem", { viewport: "desktop" });
    allowHttpStatus(fan, "POST", "/redeem.data", 400);
    allowConsoleError(fan, /status of 400/);
    await redeem(fan, listed[0]!, FAN);
    await fan.getByText(REDEEM_MESSAGES.revoked).waitFor();
  });

  it("/redeem and the admin screen have no serious accessibility problems at phone and desktop widths", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const { page } = await browser.openPage("/redeem", { viewport });
      expect(await seriousViolations(page)).toEqual([]);
      const { page: admin } = await openAsOwner(browser, "/admin/download-codes", { viewport });
      await batchRow(admin, CARDS).waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
      if (SCREENSHOTS) {
        await page.screenshot({ path: `${SCREENSHOTS}/redeem-${viewport}.png`, fullPage: true });
        await admin.screenshot({
          path: `${SCREENSHOTS}/download-codes-${viewport}.png`,
          fullPage: true,
        });
      }
    }
  });
});
