/**
 * `node --import tsx tests/e2e/chromium-check.ts`: exits 0 when the Chromium the
 * browser tests would use starts and renders a page, 1 (with the reason) when not.
 * .ci/run calls it to decide whether to install Debian's chromium package.
 */
import { findChromium, launchChromium } from "./chromium";

try {
  const { executablePath, source } = await findChromium();
  const browser = await launchChromium(executablePath);
  try {
    const page = await browser.newPage();
    await page.setContent("<h1>ok</h1>");
    const text = await page.textContent("h1");
    if (text !== "ok")
      throw new Error(`Chromium rendered ${JSON.stringify(text)} instead of "ok".`);
    console.log(`Chromium ${browser.version()} works (${source}: ${executablePath}).`);
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(`No working Chromium: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
