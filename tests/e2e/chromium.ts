/**
 * Which Chromium the browser tests drive, and how it starts (design brief, "Stack"):
 * `CHROME_PATH` if set, else `/usr/bin/chromium` if present, else the binary shipped
 * in the npm package `@sparticuz/chromium`. Of that package we use only
 * `executablePath()`; its `args` switch web security off, so we launch with our own
 * short list of flags. See docs/decisions/002-browser-tests-chromium.md.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** Only what a headless test run in a container needs; web security stays on. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox", // CI runs as root, where Chromium's sandbox cannot start
  "--disable-gpu",
  "--disable-dev-shm-usage", // containers often have a tiny /dev/shm
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
] as const;

export type ChromiumSource = "CHROME_PATH" | "system" | "@sparticuz/chromium";

export interface ChromiumLocation {
  executablePath: string;
  source: ChromiumSource;
}

export async function findChromium(
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChromiumLocation> {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) {
    // An explicit choice that is wrong should fail loudly, not fall back silently.
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist.`);
    return { executablePath: fromEnv, source: "CHROME_PATH" };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, source: "system" };
  // Extracts a brotli-compressed binary to the temp dir on first use (about 190 MB).
  const { default: sparticuz } = await import("@sparticuz/chromium");
  return { executablePath: await sparticuz.executablePath(), source: "@sparticuz/chromium" };
}

export async function launchChromium(executablePath?: string): Promise<Browser> {
  const path = executablePath ?? (await findChromium()).executablePath;
  try {
    return await chromium.launch({
      executablePath: path,
      headless: true,
      args: [...CHROMIUM_FLAGS],
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Chromium at ${path} did not start. Set CHROME_PATH to a working Chromium, or install ` +
        `Debian's chromium package (.ci/run does this when it finds none).\n${reason}`,
      { cause: error },
    );
  }
}
