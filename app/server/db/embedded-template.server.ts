import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * An empty embedded database, made once by `npm run build`, that a new data folder starts
 * from (issue 29). PGlite creating a database itself runs initdb in a second PGlite and an
 * initdb WebAssembly module beside the first: about 700 MB for a moment, more than a
 * small host has. Unpacking this copy of the result peaks near 300 MB and takes a quarter
 * of the time. Without the file (`npm run dev` before a build) PGlite makes the database
 * itself, as before.
 */
export const EMBEDDED_TEMPLATE_FILE = path.resolve(
  process.cwd(),
  "build",
  "database-template",
  "pglite.tar.gz",
);

/** Which PGlite made the template: another version's files may not open. */
const templateVersionFile = (file: string) => file.replace(/\.tar\.gz$/, ".version");

export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
}

/** Makes the empty database and writes it to `file`. */
export async function writeEmbeddedTemplate(file = EMBEDDED_TEMPLATE_FILE): Promise<void> {
  const client = new PGlite();
  try {
    await saveEmbeddedTemplate(client, file);
  } finally {
    await client.close();
  }
}

/** Writes `client`'s database to `file` as a template, with the PGlite version that made it. */
export async function saveEmbeddedTemplate(client: PGlite, file: string): Promise<void> {
  await client.waitReady; // dumpDataDir does not wait for the database to be made
  const tarball = await client.dumpDataDir("gzip");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  fs.writeFileSync(templateVersionFile(file), pgliteVersion());
}

/**
 * The template to load into the folder `dataDir`, or undefined when the folder already
 * holds a database, or there is no template made by this PGlite. A database in memory
 * (tests) is made by PGlite itself, as it always was.
 */
export function embeddedTemplateFor(
  dataDir: string | undefined,
  file = EMBEDDED_TEMPLATE_FILE,
): Blob | undefined {
  if (!dataDir || fs.existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const versionFile = templateVersionFile(file);
  if (!fs.existsSync(file) || !fs.existsSync(versionFile)) return undefined;
  if (fs.readFileSync(versionFile, "utf8").trim() !== pgliteVersion()) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
