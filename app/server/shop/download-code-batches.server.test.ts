/**
 * The artist's batch of download codes as an admin intent with a file answer (issue 39
 * item 6), through the screen's own routes on a fresh database: the file holds the codes
 * the database keeps as hashes, one audit row per batch, and a refusal stores nothing
 * (guard.test.ts refuses the route to anyone without Admin privileges).
 * And the screen's list: batches, a batch's redemptions, the items a batch is for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { FILE_TOAST_HEADER } from "~/domain/admin/admin-action";
import { BATCH_MESSAGES, DOWNLOAD_CODES_TEXT } from "~/domain/shop/downloads/download-code-batch";
import { action as generate } from "~/routes/admin/download-codes-generate";
import { loader as screen } from "~/routes/admin/download-codes";
import { auditLog } from "../db/schema/db.server";
import { downloadCodeBatches, downloadCodes } from "../db/schema/shop.server";
import { insertShopItem } from "../testing/shop-fixtures.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import { createTestApp, formPost, loadContext, type TestApp } from "../testing/test-app.server";
import { hashDownloadCode, redeemDownloadCode } from "./download-codes.server";

const PATH = "/admin/download-codes/generate";

describe.each(await testDatabaseKinds())("a batch of download codes on %s", (kind) => {
  let app: TestApp;
  let owner: { cookie: string };
  let album: { id: string; title: string };
  let tshirt: { id: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.createUser("owner@example.com", { isAdmin: true });
    album = await insertShopItem(app.t.db, {
      title: "Blue Train (download)",
      category: "digital_music",
      inventoryCount: null,
      pdfFileUrl: "digital-music/blue-train.zip",
    });
    tshirt = await insertShopItem(app.t.db, { title: "Tour T-shirt", category: "merchandise" });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const post = (fields: Record<string, string>, cookie = owner.cookie) =>
    generate({
      request: formPost(app, PATH, { intent: "generate", ...fields }, cookie),
      params: {},
      context: loadContext,
    } as never) as Promise<Response>;

  const batchesOf = (label: string) =>
    app.t.db.select().from(downloadCodeBatches).where(eq(downloadCodeBatches.label, label));

  it("answers the codes as a CSV file, stores only their hashes, and audits the batch once", async () => {
    const answer = await post({
      shopItemId: album.id,
      label: "Spring tour CDs",
      count: "3",
      format: "csv",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="Spring-tour-CDs-download-codes.csv"',
    );
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const toast = JSON.parse(decodeURIComponent(answer.headers.get(FILE_TOAST_HEADER)!));
    expect(toast).toMatchObject({
      type: "success",
      title: DOWNLOAD_CODES_TEXT.generated,
      description: "3 codes, saved as a CSV. Keep the file: the codes cannot be shown again.",
    });

    const lines = Buffer.from(await answer.arrayBuffer())
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Code,Item,Batch,Redeem at");
    const codes = lines.slice(1).map((line) => line.split(",")[0]!);
    expect(codes).toHaveLength(3);

    const [batch] = await batchesOf("Spring tour CDs");
    expect(answer.headers.get("x-batch-id")).toBe(batch!.id);
    const stored = await app.t.db
      .select()
      .from(downloadCodes)
      .where(eq(downloadCodes.batchId, batch!.id));
    expect(new Set(stored.map((c) => c.codeHash))).toEqual(
      new Set(codes.map((c) => hashDownloadCode(c.replace(/-/g, "")))),
    );
    const [audits] = await app.t.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, batch!.id), eq(auditLog.action, "download_code_batches.create")),
      );
    expect(audits!.n).toBe(1);

    // The file's codes work.
    const redeemed = await redeemDownloadCode(
      app.t.db,
      { code: codes[0]!, email: "fan@example.com", clientAddress: "203.0.113.9" },
      { siteUrl: app.siteUrl },
    );
    expect(redeemed.status).toBe("sent");
  });

  it("answers printable cards as a PDF", async () => {
    const answer = await post({
      shopItemId: album.id,
      label: "Merch table",
      count: "2",
      format: "pdf",
      paper: "letter",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("refuses what it cannot make, beside the field, and stores nothing", async () => {
    const invalid = await post({ shopItemId: album.id, label: " ", count: "5001" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      ok: false,
      fieldErrors: { label: BATCH_MESSAGES.labelRequired, count: BATCH_MESSAGES.countInvalid },
    });

    const noFile = await post({ shopItemId: tshirt.id, label: "Shirts", count: "2" });
    expect(noFile.status).toBe(409);
    expect(await noFile.json()).toMatchObject({
      ok: false,
      fieldErrors: { shopItemId: BATCH_MESSAGES.itemNotDigital },
    });
    expect(await batchesOf("Shirts")).toEqual([]);
  });

  it("lists the batches, opens one's redemptions from the address, and names the items", async () => {
    const request = (query: string) =>
      app.request(`/admin/download-codes${query}`, { cookie: owner.cookie });
    const list = await screen({ request: request(""), params: {}, context: loadContext } as never);
    const spring = list.list!.rows.find((row) => row.label === "Spring tour CDs")!;
    expect(spring).toMatchObject({ total: 3, redeemed: 1, unused: 2, revoked: 0 });
    expect(list.parts.items?.map((item) => item.title)).toEqual([album.title]);
    expect(list.detail).toBeNull();

    const open = await screen({
      request: request(`?batch=${spring.id}`),
      params: {},
      context: loadContext,
    } as never);
    expect(open.detail?.data).toMatchObject({
      batch: { id: spring.id, label: "Spring tour CDs" },
      redemptions: [{ email: "fan@example.com" }],
    });
    // An id that is no batch opens nothing.
    const unknown = await screen({
      request: request("?batch=not-a-batch"),
      params: {},
      context: loadContext,
    } as never);
    expect(unknown.detail).toBeNull();
  });
});
