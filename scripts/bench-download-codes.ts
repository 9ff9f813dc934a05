/**
 * `npm run bench:download-codes`: a batch of 5,000 download codes (issue 23) on a fresh
 * embedded database, then the Letter PDF of their cards, as the artist's "Generate and
 * download PDF cards" makes them. Prints the time of each step and the process's memory.
 * A benchmark, not a test: it never fails on a number. docs/decisions/034.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { openDatabase, migrateDatabase } from "../app/server/db/database.server";
import { insertShopItem } from "../app/server/testing/shop-fixtures.server";
import { newDownloadCodes, storeDownloadCodes } from "../app/server/shop/download-codes.server";
import { downloadCodeCardsPdf } from "../app/server/shop/download-code-files.server";

const COUNT = 5000;
const COVER = fileURLToPath(new URL("../public/images/hero-default.jpg", import.meta.url));

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

async function timed<T>(label: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await run();
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(`${label.padEnd(40)} ${Math.round(performance.now() - start)} ms`);
  return result;
}

const handle = openDatabase({ kind: "pglite" });
await migrateDatabase(handle);
const item = await insertShopItem(handle.db, {
  title: "Lowlight Walk (Digital Album)",
  category: "digital_music",
  inventoryCount: null,
  pdfFileUrl: "digital-music/lowlight-walk.zip",
});
const baseline = process.memoryUsage().rss;
const codes = await timed(`draw ${COUNT} codes`, () => newDownloadCodes(COUNT));
const pdf = await timed(`PDF of ${COUNT} cards (Letter, with cover)`, async () =>
  downloadCodeCardsPdf({
    title: item.title,
    label: "Bench",
    codes,
    siteUrl: "https://example.com",
    paper: "letter",
    cover: new Uint8Array(await readFile(COVER)),
  }),
);
await timed(`store ${COUNT} hashes (PGlite)`, () =>
  storeDownloadCodes(handle.db, { shopItemId: item.id, label: "Bench", codes }),
);
clearInterval(sampler);
console.log(`PDF: ${(pdf.byteLength / 1024).toFixed(0)} KB, ${Math.ceil(COUNT / 8)} pages`);
console.log(
  `memory: ${Math.round(baseline / 1e6)} MB before, peak ${Math.round(peakRss / 1e6)} MB RSS`,
);
await handle.close();
