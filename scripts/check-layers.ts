/**
 * Keeps the server's rooms layered: every import from one folder of app/server into
 * another must run downward in the order of docs/ARCHITECTURE.md's table "The server,
 * by capability" (highest room first). An arrow to a room above (so also one of two
 * rooms that import each other) fails `npm run lint` with the files that make it.
 *
 * The order is read from that table, so the document and the check cannot disagree; a
 * new room gets its row there first. Test files are left out: a test may use any room.
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

/**
 * Upward arrows that stay, each with its reason (also written in ARCHITECTURE.md).
 * Keyed "from->to".
 */
export const ALLOWED_UPWARD: Readonly<Record<string, string>> = {};

/** An import between two rooms, with the files that make it. */
export interface Arrow {
  from: string;
  to: string;
  files: string[];
}

/** The rooms of the server, highest first, as the architecture table lists them. */
export function serverRoomsInOrder(architecture: string): string[] {
  const section = architecture.split(/^## The server, by capability\s*$/m)[1];
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "## The server, by capability"');
  const table = section.split(/^## /m)[0]!;
  return [...table.matchAll(/^\|\s*`app\/server\/([a-z0-9-]+)\/`/gm)].map((m) => m[1]!);
}

/** The room a module specifier points into, or null when it leaves app/server. */
function roomOf(specifier: string, fromFile: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  } else return null;
  if (!target.startsWith(`${SERVER_DIR}/`)) return null;
  const rest = target.slice(SERVER_DIR.length + 1);
  return rest.includes("/") ? rest.split("/")[0]! : null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every import between two rooms of app/server (static, type-only and dynamic). */
export function serverArrows(): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const file of sourceFiles(SERVER_DIR)) {
    const from = file.slice(SERVER_DIR.length + 1).split("/")[0]!;
    const source = readFileSync(path.join(ROOT, file), "utf8");
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      const to = roomOf(fileName, file);
      if (!to || to === from) continue;
      const key = `${from}->${to}`;
      const arrow = arrows.get(key) ?? { from, to, files: [] };
      if (!arrow.files.includes(file)) arrow.files.push(file);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()].sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`));
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
  const present = new Set(arrows.map((a) => `${a.from}->${a.to}`));
  const problems: LayerProblem[] = [];
  for (const arrow of arrows) {
    if (`${arrow.from}->${arrow.to}` in allowed) continue;
    const from = rank.get(arrow.from);
    const to = rank.get(arrow.to);
    if (from === undefined || to === undefined) {
      const missing = from === undefined ? arrow.from : arrow.to;
      problems.push({ arrow, why: `${missing}/ has no row in the architecture table` });
    } else if (to > from) {
      const pair = present.has(`${arrow.to}->${arrow.from}`);
      const why = `${arrow.to}/ stands above ${arrow.from}/`;
      problems.push({ arrow, why: pair ? `${why} and imports it` : why });
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

function main() {
  const rooms = serverRoomsInOrder(readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8"));
  const arrows = serverArrows();
  if (process.argv.includes("--graph")) console.log(describeGraph(arrows, rooms).join("\n"));
  const problems = layerProblems(arrows, rooms);
  for (const { arrow, why } of problems) {
    console.error(`app/server: ${arrow.from}/ → ${arrow.to}/ runs upward (${why}):`);
    for (const file of arrow.files) console.error(`  ${file}`);
  }
  if (problems.length) {
    console.error(
      "Move the module to the room it belongs in, or write the reason in ALLOWED_UPWARD " +
        "(scripts/check-layers.ts) and docs/ARCHITECTURE.md.",
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
