import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { licenceLine } from "~/domain/shop/downloads/downloads";
import { downloadTokens, orders } from "../db/schema/shop.server";
import {
  downloadHandler,
  findDownload,
  hashDownloadToken,
  privateStorageKey,
} from "./downloads.server";
import { completeOrder, createProviderOrder } from "./orders.server";
import { DemoProvider } from "./payments/demo.server";
import { createDiskStorage } from "../media/object-storage.server";
import { stampPdf } from "../media/pdf-stamp.server";
import { pdfPageContents, winAnsiHex } from "../testing/pdf-text.server";
import {
  downloadTokensIn,
  insertShopItem,
  mailsTo,
  orderBody,
  providerOrderBody,
} from "../testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";

const PAGE_FALLBACK = 418;

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText("Page one", { x: 72, y: 700 });
  doc.addPage([612, 792]).drawText("Page two", { x: 72, y: 700 });
  return doc.save();
}

describe("PDF stamp", () => {
  it("puts the licence line on every page and gives the same bytes every time", async () => {
    const original = await twoPagePdf();
    const line = licenceLine("fan@example.com", "3f2a9c1e-1111-4222-8333-444455556666");
    const stamped = await stampPdf(original, line);
    const pages = await pdfPageContents(stamped);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain(winAnsiHex(line));
    expect(Buffer.from(await stampPdf(original, line)).equals(Buffer.from(stamped))).toBe(true);
  });

  it("keeps an address Helvetica cannot write readable", async () => {
    const stamped = await stampPdf(await twoPagePdf(), "Licensed to 用户@例子.广告 · order X");
    const [page] = await pdfPageContents(stamped);
    expect(page).toContain(winAnsiHex("Licensed to ??@??.?? · order X"));
  });
});

describe("private file keys", () => {
  it("never name anything outside private/", () => {
    expect(privateStorageKey("sheet-music/a.pdf")).toBe("private/sheet-music/a.pdf");
    expect(privateStorageKey("../uploads/a.pdf")).toBeNull();
    expect(privateStorageKey("/etc/passwd")).toBeNull();
    expect(privateStorageKey("")).toBeNull();
  });
});

describe.each(await testDatabaseKinds())("/download/:token on %s", (kind) => {
  let t: TestDatabase;
  let dir: string;
  let server: Server;
  let base: string;
  const demo = new DemoProvider();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "downloads-test-"));
    await fs.mkdir(path.join(dir, "private/sheet-music"), { recursive: true });
    await fs.writeFile(path.join(dir, "private/sheet-music/test.pdf"), await twoPagePdf());
    const app = express();
    app.get("/download/:token", downloadHandler(t.db, createDiskStorage(dir)));
    // Stands in for the page that explains a link that no longer works.
    app.use((_req, res) => void res.status(PAGE_FALLBACK).send("explained"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  let buyers = 0;
  /** Buys a lead sheet through the demo provider and returns the link's secret from the mail. */
  async function purchase(options: { limit?: number; file?: string } = {}) {
    const email = `reader${++buyers}@example.com`;
    const sheet = await insertShopItem(t.db, {
      title: "Lowlight Walk: Lead Sheet (PDF)",
      category: "sheet_music",
      price: 6.99,
      inventoryCount: null,
      pdfFileUrl: options.file ?? "sheet-music/test.pdf",
      downloadLimit: options.limit ?? 5,
    });
    const lines = [{ item: sheet, quantity: 1 }];
    const { orderID } = await createProviderOrder(t.db, demo, providerOrderBody(lines, email));
    await completeOrder(t.db, demo, orderBody(orderID, lines, email), { siteUrl: base });
    const [mail] = await mailsTo(t.db, email);
    const [token] = downloadTokensIn(mail!.textBody);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerOrderId, orderID));
    return { token: token!, email, order: order! };
  }

  const countOf = async (token: string) =>
    (
      await t.db
        .select({ n: downloadTokens.downloadCount })
        .from(downloadTokens)
        .where(eq(downloadTokens.tokenHash, hashDownloadToken(token)))
    )[0]!.n;

  it("streams the PDF as an attachment, stamped for the buyer, never cached", async () => {
    const { token, email, order } = await purchase();
    const response = await fetch(`${base}/download/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="Lowlight-Walk-Lead-Sheet-PDF.pdf"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const pages = await pdfPageContents(new Uint8Array(await response.arrayBuffer()));
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain(winAnsiHex(licenceLine(email, order.id)));
    expect(await countOf(token)).toBe(1);
  });

  it("works until its limit, then explains instead of serving", async () => {
    const { token } = await purchase({ limit: 2 });
    expect((await fetch(`${base}/download/${token}`)).status).toBe(200);
    expect((await fetch(`${base}/download/${token}`)).status).toBe(200);
    const third = await fetch(`${base}/download/${token}`);
    expect(third.status).toBe(PAGE_FALLBACK);
    expect(await countOf(token)).toBe(2);
    expect((await findDownload(t.db, token))?.state).toBe("used-up");
  });

  it("serves range requests, counting a download each time they add up to the file", async () => {
    const { token } = await purchase({ limit: 2 });
    const head = await fetch(`${base}/download/${token}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const size = Number(head.headers.get("content-length"));
    expect(size).toBeGreaterThan(200);

    // An interrupted first try, then the resume: one download, byte for byte the file.
    const first = await fetch(`${base}/download/${token}`, { headers: { Range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    const start = Buffer.from(await first.arrayBuffer());
    expect(start.byteLength).toBe(100);
    expect(await countOf(token)).toBe(0);
    const rest = await fetch(`${base}/download/${token}`, { headers: { Range: "bytes=100-" } });
    expect(rest.status).toBe(206);
    const resumed = Buffer.concat([start, Buffer.from(await rest.arrayBuffer())]);
    expect(await countOf(token)).toBe(1);

    const outside = await fetch(`${base}/download/${token}`, {
      headers: { Range: `bytes=${size}-` },
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${size}`);

    const full = await fetch(`${base}/download/${token}`);
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer()).equals(resumed)).toBe(true);
    expect(await countOf(token)).toBe(2);

    const afterLimit = await fetch(`${base}/download/${token}`, {
      headers: { Range: "bytes=0-99" },
    });
    expect(afterLimit.status).toBe(PAGE_FALLBACK);
    // A "range" that asks for the whole file is a download, and counts as one.
    const { token: other } = await purchase({ limit: 3 });
    expect(
      (await fetch(`${base}/download/${other}`, { headers: { Range: "bytes=0-" } })).status,
    ).toBe(200);
    expect(await countOf(other)).toBe(1);
  });

  it("gives no more copies than the limit to ranges pieced together (all but one byte, then the last)", async () => {
    const { token } = await purchase({ limit: 2 });
    const size = Number(
      (await fetch(`${base}/download/${token}`, { method: "HEAD" })).headers.get("content-length"),
    );
    const copies: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const most = await fetch(`${base}/download/${token}`, {
        headers: { Range: `bytes=0-${size - 2}` },
      });
      await most.arrayBuffer();
      const last = await fetch(`${base}/download/${token}`, { headers: { Range: "bytes=-1" } });
      await last.arrayBuffer();
      if (most.status === 206 && last.status === 206) copies.push(attempt);
    }
    expect(copies).toHaveLength(2);
    expect(await countOf(token)).toBe(2);
    expect((await fetch(`${base}/download/${token}`)).status).toBe(PAGE_FALLBACK);
  });

  it("never exceeds the limit under parallel requests", async () => {
    const { token } = await purchase({ limit: 3 });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${base}/download/${token}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === PAGE_FALLBACK)).toHaveLength(9);
    expect(await countOf(token)).toBe(3);
  });

  it("explains an expired link, an unknown one and one of a refunded order", async () => {
    const expired = await purchase();
    await t.db
      .update(downloadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(downloadTokens.tokenHash, hashDownloadToken(expired.token)));
    expect((await fetch(`${base}/download/${expired.token}`)).status).toBe(PAGE_FALLBACK);
    expect((await findDownload(t.db, expired.token))?.state).toBe("expired");
    expect(await countOf(expired.token)).toBe(0);

    const unknown = "A".repeat(43);
    expect((await fetch(`${base}/download/${unknown}`)).status).toBe(PAGE_FALLBACK);
    expect(await findDownload(t.db, unknown)).toBeNull();

    const refunded = await purchase();
    await t.db
      .update(orders)
      .set({ paymentStatus: "refunded" })
      .where(eq(orders.id, refunded.order.id));
    expect((await fetch(`${base}/download/${refunded.token}`)).status).toBe(PAGE_FALLBACK);
  });

  it("does not cost a download when the file is missing", async () => {
    const { token } = await purchase({ file: "sheet-music/missing.pdf" });
    const response = await fetch(`${base}/download/${token}`);
    expect(response.status).toBe(503);
    expect(await countOf(token)).toBe(0);
  });
});
