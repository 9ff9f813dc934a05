/**
 * Keeps the rooms layered, in the order of docs/ARCHITECTURE.md's table "The server, by
 * capability" (highest room first). Three kinds of arrow must run downward:
 *
 * - imports between two rooms of app/server;
 * - imports between two rooms of app/domain (the same room names, the same order);
 * - table reads: a server module importing a table from `db/schema/<room>.server.ts`
 *   reads that room's tables, so a lower room never reads a higher room's tables (it
 *   calls that room's service). The whole-schema list `db/schema.server.ts` is for the
 *   db room (the database handle) only.
 *
 * An arrow to a room above (so also one of two rooms that import each other) fails
 * `npm run lint` with the files that make it. The order is read from that table, so the
 * document and the check cannot disagree; a new room gets its row there first. Test
 * files are left out: a test may use any room.
 *
 *   npx tsx scripts/check-layers.ts          fails on an upward arrow
 *   npx tsx scripts/check-layers.ts --graph  prints the folder graph as well
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_DIR = "app/server";
const DOMAIN_DIR = "app/domain";
const WHOLE_SCHEMA = "app/server/db/schema.server";

/**
 * Upward arrows that stay, each with its reason (also written in ARCHITECTURE.md).
 * Keyed "from->to".
 */
export const ALLOWED_UPWARD: Readonly<Record<string, string>> = {};

/** What an arrow is: an import between server rooms or domain rooms, or a table read. */
export type ArrowKind = "server" | "domain" | "table";

/** An import between two rooms, with the files that make it. */
export interface Arrow {
  from: string;
  to: string;
  files: string[];
  /** Absent: a server import. */
  kind?: ArrowKind;
}

/** The rooms of the server, highest first, as the architecture table lists them. */
export function serverRoomsInOrder(architecture: string): string[] {
  const section = architecture.split(/^## The server, by capability\s*$/m)[1];
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "## The server, by capability"');
  const table = section.split(/^## /m)[0]!;
  return [...table.matchAll(/^\|\s*`app\/server\/([a-z0-9-]+)\/`/gm)].map((m) => m[1]!);
}

/** The repository path a module specifier points at (no extension), or null for a package. */
function targetOf(specifier: string, fromFile: string): string | null {
  if (specifier.startsWith("~/")) return path.posix.join("app", specifier.slice(2));
  if (specifier.startsWith(".")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  }
  return null;
}

/** The room of a path under `dir` ("app/server/shop/x" → "shop"), or null outside it. */
function roomIn(dir: string, target: string): string | null {
  if (!target.startsWith(`${dir}/`)) return null;
  const rest = target.slice(dir.length + 1);
  return rest.includes("/") ? rest.split("/")[0]! : null;
}

/** The room whose tables a schema module holds ("app/server/db/schema/shop.server" → "shop"). */
function tableOwner(target: string): string | null {
  const match = /^app\/server\/db\/schema\/([a-z0-9-]+)\.server(\.ts)?$/.exec(target);
  return match && match[1] !== "columns" ? match[1]! : null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return ts.preProcessFile(source, true, true).importedFiles.map((i) => i.fileName);
}

function collect(
  arrows: Map<string, Arrow>,
  kind: ArrowKind,
  from: string,
  to: string,
  file: string,
) {
  const key = `${kind}:${from}->${to}`;
  const arrow = arrows.get(key) ?? { from, to, files: [], kind };
  if (!arrow.files.includes(file)) arrow.files.push(file);
  arrows.set(key, arrow);
}

const byRooms = (a: Arrow, b: Arrow) =>
  `${a.kind}${a.from}${a.to}`.localeCompare(`${b.kind}${b.from}${b.to}`);

/** Every import between two rooms of app/server (static, type-only and dynamic). */
export function serverArrows(): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const file of sourceFiles(SERVER_DIR)) {
    const from = roomIn(SERVER_DIR, file)!;
    for (const specifier of importsOf(file)) {
      const target = targetOf(specifier, file);
      const to = target && roomIn(SERVER_DIR, target);
      if (to && to !== from) collect(arrows, "server", from, to, file);
    }
  }
  return [...arrows.values()].map(({ kind: _kind, ...arrow }) => arrow).sort(byRooms);
}

/** Every import between two rooms of app/domain. A file straight in app/domain has no room. */
export function domainArrows(): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const file of sourceFiles(DOMAIN_DIR)) {
    const from = roomIn(DOMAIN_DIR, file) ?? "(app/domain)";
    for (const specifier of importsOf(file)) {
      const target = targetOf(specifier, file);
      const to =
        target &&
        (roomIn(DOMAIN_DIR, target) ??
          (target.startsWith(`${DOMAIN_DIR}/`) ? "(app/domain)" : null));
      if (to && to !== from) collect(arrows, "domain", from, to, file);
    }
  }
  return [...arrows.values()].sort(byRooms);
}

/**
 * Every table read across rooms: a server module (a schema file counts as its owner's)
 * importing `db/schema/<owner>.server`. The whole-schema list counts as a read of a
 * room named "(whole schema)", which no table lists, outside the db room.
 */
export function tableArrows(): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const file of sourceFiles(SERVER_DIR)) {
    // The whole-schema list gathers every room's tables for the database handle.
    if (file === `${WHOLE_SCHEMA}.ts`) continue;
    const from = tableOwner(file.replace(/\.ts$/, "")) ?? roomIn(SERVER_DIR, file)!;
    for (const specifier of importsOf(file)) {
      const target = targetOf(specifier, file)?.replace(/\.ts$/, "");
      if (!target) continue;
      const to =
        target === WHOLE_SCHEMA ? (from === "db" ? null : "(whole schema)") : tableOwner(target);
      if (to && to !== from) collect(arrows, "table", from, to, file);
    }
  }
  return [...arrows.values()].sort(byRooms);
}

export interface LayerProblem {
  arrow: Arrow;
  why: string;
}

/**
 * The arrows that break the order: into a room above, or from or to a room the table
 * does not list. Of two rooms that import each other, one arrow always runs upward.
 * Allowed arrows are left out.
 */
export function layerProblems(
  arrows: readonly Arrow[],
  roomsHighestFirst: readonly string[],
  allowed: Readonly<Record<string, string>> = ALLOWED_UPWARD,
): LayerProblem[] {
  const rank = new Map(roomsHighestFirst.map((room, i) => [room, roomsHighestFirst.length - i]));
  const present = new Set(arrows.map((a) => `${a.kind ?? "server"}:${a.from}->${a.to}`));
  const problems: LayerProblem[] = [];
  for (const arrow of arrows) {
    if (`${arrow.from}->${arrow.to}` in allowed) continue;
    const from = rank.get(arrow.from);
    const to = rank.get(arrow.to);
    if (from === undefined || to === undefined) {
      const missing = from === undefined ? arrow.from : arrow.to;
      problems.push({ arrow, why: `${missing}/ has no row in the architecture table` });
    } else if (to > from) {
      const pair = present.has(`${arrow.kind ?? "server"}:${arrow.to}->${arrow.from}`);
      const why = `${arrow.to}/ stands above ${arrow.from}/`;
      const verb = arrow.kind === "table" ? "reads its tables" : "imports it";
      problems.push({ arrow, why: pair ? `${why} and ${verb}` : why });
    }
  }
  return problems;
}

/** "content → admin, core, db": each room with the rooms it imports, highest first. */
export function describeGraph(arrows: readonly Arrow[], roomsHighestFirst: readonly string[]) {
  return roomsHighestFirst.map((room) => {
    const targets = arrows.filter((a) => a.from === room).map((a) => a.to);
    targets.sort((a, b) => roomsHighestFirst.indexOf(a) - roomsHighestFirst.indexOf(b));
    return `${room.padEnd(9)} → ${targets.join(", ") || "(nothing)"}`;
  });
}

const KIND_WORDS: Record<ArrowKind, string> = {
  server: "app/server: imports",
  domain: "app/domain: imports",
  table: "app/server: reads the tables of",
};

function main() {
  const rooms = serverRoomsInOrder(readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8"));
  const server = serverArrows();
  const domain = domainArrows();
  const tables = tableArrows();
  if (process.argv.includes("--graph")) {
    console.log(describeGraph(server, rooms).join("\n"));
    console.log("\napp/domain:\n" + describeGraph(domain, rooms).join("\n"));
    console.log("\ntables read from other rooms:\n" + describeGraph(tables, rooms).join("\n"));
  }
  const problems = [
    ...layerProblems(server, rooms),
    ...layerProblems(domain, rooms),
    ...layerProblems(tables, rooms),
  ];
  for (const { arrow, why } of problems) {
    const words = KIND_WORDS[arrow.kind ?? "server"];
    console.error(`${words}: ${arrow.from}/ → ${arrow.to}/ runs upward (${why}):`);
    for (const file of arrow.files) console.error(`  ${file}`);
  }
  if (problems.length) {
    console.error(
      "Move the module to the room it belongs in, or call the higher room's service (a table: " +
        "import it from the room that owns it), or write the reason in ALLOWED_UPWARD " +
        "(scripts/check-layers.ts) and docs/ARCHITECTURE.md.",
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
