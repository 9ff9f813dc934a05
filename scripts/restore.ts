/**
 * `npm run restore -- <folder> [--force]`: restores a backup made by `npm run backup`
 * into the configured database, which must be empty (the embedded one: DATA_DIR/pglite
 * absent or empty, and no server running on it; PostgreSQL: no tables, or --force to
 * replace the backup's tables), and puts its files into the configured storage (DATA_DIR,
 * or the S3 bucket when S3_* is set; none may be there yet under uploads/ or private/,
 * or --force to write over them). Then compares the row counts of every table, and the
 * size and sha256 of every file read back, with the backup's manifest. docs/OPERATIONS.md.
 */
import { getEnv } from "../app/server/core/env.server";
import { restoreBackup } from "../app/server/ops/backup.server";
import { runCli } from "./cli";

const USAGE = "Usage: npm run restore -- <backup folder> [--force]";

runCli("Restore", async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const force = args.includes("--force");
  const rest = args.filter((arg) => arg !== "--force");
  const [source, ...extra] = rest;
  if (!source || extra.length > 0 || source.startsWith("-")) {
    throw new Error(`Name one backup folder.\n  ${USAGE}`);
  }
  const env = getEnv(); // a bad setting fails here, one line per problem

  const started = Date.now();
  const report = await restoreBackup(env, source, { force });
  const { manifest } = report;
  console.log(
    `Restored the ${manifest.mode === "postgres" ? "PostgreSQL" : "embedded"} backup of ` +
      `${manifest.createdAt} (app ${manifest.appVersion}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  const width = Math.max(...report.tables.map((t) => t.table.length));
  for (const { table, expected, actual } of report.tables) {
    const rows = (n: number | null) =>
      n === null ? "missing" : `${n} ${n === 1 ? "row" : "rows"}`;
    const verdict =
      expected === actual
        ? rows(actual)
        : `${rows(actual)}, the backup had ${expected === null ? "no such table" : rows(expected)}  << differs`;
    console.log(`  ${table.padEnd(width)}  ${verdict}`);
  }
  const { files } = report;
  for (const { key, expected, actual } of files.differences.slice(0, 20)) {
    const found = actual ? `${actual.bytes} bytes, sha256 ${actual.sha256}` : "missing";
    console.log(
      `  ${key}: ${found}; the backup had ${expected.bytes} bytes, sha256 ${expected.sha256}  << differs`,
    );
  }
  if (files.differences.length > 20)
    console.log(`  … and ${files.differences.length - 20} more files differ`);
  const filesMatch =
    files.differences.length === 0 &&
    files.count === manifest.files.count &&
    files.bytes === manifest.files.bytes;
  console.log(
    `  files: ${files.count} (${files.bytes} bytes) read back` +
      (filesMatch
        ? ", each as in the backup (size and sha256)"
        : `; the backup listed ${manifest.files.count} (${manifest.files.bytes} bytes)  << differs`),
  );
  if (report.differences.length > 0 || !filesMatch) {
    throw new Error(
      `The restored data differs from the backup's manifest (${report.differences.length} tables` +
        `${filesMatch ? "" : ", and the files"}); see above.`,
    );
  }
  console.log("Every table has the row count the backup recorded, and every file its bytes.");
  if (manifest.mode === "postgres") {
    console.log(
      "Start the servers with the BETTER_AUTH_SECRET of the backed-up site, or everyone is signed out.",
    );
  }
});
