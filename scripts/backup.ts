/**
 * `npm run backup [-- <folder>]`: a backup of the configured database (PostgreSQL at
 * DATABASE_URL with pg_dump, or the embedded one under DATA_DIR, through the running
 * server when there is one) and of the files (under DATA_DIR, or in the S3 bucket when
 * S3_* is set: uploads/ and private/, not the variants cache), into <folder> (default
 * ./backups/<time>/). Restore with `npm run restore -- <folder>`. docs/OPERATIONS.md.
 */
import path from "node:path";
import { getEnv } from "../app/server/core/env.server";
import { createBackup, timestampForName } from "../app/server/ops/backup.server";
import { runCli } from "./cli";

const USAGE = "Usage: npm run backup [-- <folder>]   (default: ./backups/<time>/)";

runCli("Backup", async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((arg) => arg.startsWith("-"));
  if (unknown.length > 0 || args.length > 1) throw new Error(`Unexpected arguments.\n  ${USAGE}`);
  const env = getEnv(); // a bad setting fails here, one line per problem
  const target = path.resolve(args[0] ?? path.join("backups", timestampForName(new Date())));

  const started = Date.now();
  const manifest = await createBackup(env, target, (line) => console.log(line));
  const { database, files } = manifest;
  const rows = Object.values(database.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Backup written to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log(
    `  database  ${manifest.mode === "postgres" ? "PostgreSQL (pg_dump)" : `embedded (${database.source})`}: ` +
      `${database.file}, ${formatBytes(database.bytes)}, ${Object.keys(database.tables).length} tables, ${rows} rows`,
  );
  console.log(
    `  files     ${files.count} files, ${formatBytes(files.bytes)} from ${files.location}` +
      (files.authSecret ? ", and the generated auth secret" : ""),
  );
  if (files.skipped.length > 0) {
    console.log(
      `  skipped   ${files.skipped.length} objects whose keys the site never writes (above)`,
    );
  }
  console.log(`Restore with: npm run restore -- ${path.relative(process.cwd(), target) || "."}`);
});

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
