/**
 * Downloads in Chromium, on the PayPal-mode server: a bought lead sheet downloads
 * stamped with the buyer's address until its limit, then the link explains itself;
 * "Lost your download links?" mails fresh ones; private files stay private.
 */
import http from "node:http";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RECOVERY_MESSAGES } from "~/domain/shop/downloads/download-recovery";
import { pdfPageContents, winAnsiHex } from "~/server/testing/pdf-text.server";
import { goto, setupBrowser } from "./helpers";
import { buyThroughApi, downloadPaths, paypalMode, shopItem, waitForMail } from "./shop-paypal";

const { appUrl } = paypalMode();
const { openPage } = setupBrowser({ baseUrl: appUrl });

const LEAD_SHEET = "Lowlight Walk: Lead Sheet (PDF)";

async function buyLeadSheet(email: string) {
  const sheet = shopItem(LEAD_SHEET);
  await buyThroughApi([{ item: sheet, quantity: 1 }], email);
  const mail = await waitForMail(email, (m) => downloadPaths(m).length > 0);
  const [path] = downloadPaths(mail);
  return { path: path!, mail, limit: sheet.downloadLimit };
}

/** Clicks a link to `path` the way a buyer follows the link in their mail. */
async function download(page: Page, path: string) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.evaluate((href) => {
      const link = document.createElement("a");
      link.href = href;
      document.body.append(link);
      link.click();
      link.remove();
    }, path),
  ]);
  return file;
}

describe("downloads", () => {
  it("work until the link's limit, stamped for the buyer, then stop with a clear page", async () => {
    const email = "reader@example.com";
    const { path, mail, limit } = await buyLeadSheet(email);
    expect(mail.subject).toMatch(/^Your download links – order [0-9A-F]{8}$/);
    const orderRef = /order ([0-9A-F]{8})/.exec(mail.subject)![1]!;

    const { page } = await openPage("/downloads/recover", { viewport: "phone" });
    for (let n = 1; n <= limit; n++) {
      const file = await download(page, path);
      expect(file.suggestedFilename()).toBe("Lowlight-Walk-Lead-Sheet-PDF.pdf");
      const pages = await pdfPageContents(await readFile((await file.path())!));
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const content of pages) {
        expect(content).toContain(winAnsiHex(`Licensed to ${email} · order ${orderRef}`));
      }
    }

    await goto(page, path, { expectStatus: 410 });
    await page.getByRole("heading", { name: "This download link has been used up" }).waitFor();
    await expect.poll(() => page.getByText(`${limit} of ${limit} times`).count()).toBe(1);
    await page.getByRole("link", { name: "Get fresh links" }).click();
    await page.waitForURL(/\/downloads\/recover$/);
    await page.getByRole("heading", { name: "Lost your download links?" }).waitFor();
  });

  it("count range requests by their bytes: a few small ranges cost no download", async () => {
    const { path, limit } = await buyLeadSheet("resumer@example.com");
    for (let n = 0; n < limit + 2; n++) {
      const partial = await fetch(`${appUrl}${path}`, { headers: { Range: "bytes=0-1023" } });
      expect(partial.status).toBe(206);
      await partial.arrayBuffer();
    }
    for (let n = 0; n < limit; n++) {
      const full = await fetch(`${appUrl}${path}`);
      expect(full.status).toBe(200);
      await full.arrayBuffer();
    }
    expect((await fetch(`${appUrl}${path}`)).status).toBe(410);
  });

  it("never serve private files at a public address", async () => {
    const { path } = await buyLeadSheet("private@example.com");
    expect((await fetch(`${appUrl}${path}`, { method: "HEAD" })).status).toBe(200);
    const key = "sheet-music/lowlight-walk-lead-sheet.pdf";
    for (const attempt of [
      `/uploads/../private/${key}`,
      `/uploads/..%2fprivate/${key}`,
      `/uploads/%2e%2e/private/${key}`,
      `/uploads/%2e%2e%2fprivate%2f${key.replace("/", "%2f")}`,
      `/private/${key}`,
    ]) {
      // A raw request, so no client tidies the path before the server sees it.
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${appUrl}${attempt}`, { path: attempt }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on("error", reject);
      });
      expect(status, attempt).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("Lost your download links?", () => {
  it("mails fresh links (the old ones stop) and answers the same for an address without orders", async () => {
    const email = "forgetful@example.com";
    const { path: oldPath } = await buyLeadSheet(email);

    const { page } = await openPage("/downloads/recover");
    const field = page.getByLabel("E-mail address");
    await field.fill("forgetful@");
    await page.getByRole("button", { name: "Send fresh links" }).click();
    await page.getByText(RECOVERY_MESSAGES.emailInvalid).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await field.fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send fresh links" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await page.getByText(RECOVERY_MESSAGES.sent).waitFor();

    const fresh = await waitForMail(email, (m) => m.subject.includes("fresh download links"));
    const [newPath] = downloadPaths(fresh);
    expect(newPath).toBeDefined();
    expect(newPath).not.toBe(oldPath);
    const file = await download(page, newPath!);
    expect(file.suggestedFilename()).toBe("Lowlight-Walk-Lead-Sheet-PDF.pdf");

    await goto(page, oldPath, { expectStatus: 404 });
    await page.getByRole("heading", { name: "This download link is not valid" }).waitFor();

    const { page: stranger } = await openPage("/downloads/recover", { viewport: "phone" });
    await stranger.getByLabel("E-mail address").fill("nobody-here@example.com");
    await stranger.getByRole("button", { name: "Send fresh links" }).click();
    await stranger.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await stranger.getByText(RECOVERY_MESSAGES.sent).waitFor();
    const none = await waitForMail("nobody-here@example.com", () => true);
    expect(downloadPaths(none)).toEqual([]);
  });
});
