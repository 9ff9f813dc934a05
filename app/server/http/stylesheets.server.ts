import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

let cached: ReadonlyMap<string, string> | undefined;

/**
 * The text of every built stylesheet, keyed by its public URL ("/assets/app-….css"),
 * read once from the client build. Empty when there is no build (development).
 */
export function builtStylesheets(
  clientDir = path.resolve("build/client"),
): ReadonlyMap<string, string> {
  if (cached) return cached;
  const texts = new Map<string, string>();
  try {
    for (const name of readdirSync(path.join(clientDir, "assets"))) {
      if (name.endsWith(".css")) {
        texts.set(`/assets/${name}`, readFileSync(path.join(clientDir, "assets", name), "utf8"));
      }
    }
  } catch {
    // No client build: pages link the stylesheet instead.
  }
  cached = texts;
  return texts;
}
