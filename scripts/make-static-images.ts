/**
 * Regenerates the fallback images shipped in public/ (the page-content registry's
 * defaults point at them) from the same SVG art as the demo seed. Run it by hand
 * after changing the art, and commit the output:
 *
 *   npx tsx scripts/make-static-images.ts
 */
import fs from "node:fs/promises";
import path from "node:path";
import { faviconSvg, placeholderSvg } from "../app/server/demo/demo-art.server";
import { renderArtJpeg } from "../app/server/demo/demo-assets.server";
import { runCli } from "./cli";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "..", "public");

/** Size budgets: these images load on first paint when no content is stored. */
const JPEGS = [
  {
    file: "images/hero-default.jpg",
    spec: { scene: "stage", palette: "gold", width: 1920, height: 1080, seed: "static-hero" },
    maxBytes: 200 * 1024,
  },
  {
    file: "images/about-default.jpg",
    spec: { scene: "stage", palette: "ember", width: 900, height: 1200, seed: "static-about" },
    maxBytes: 120 * 1024,
  },
] as const;

runCli("Static image generation", async () => {
  await fs.mkdir(path.join(PUBLIC_DIR, "images"), { recursive: true });
  for (const { file, spec, maxBytes } of JPEGS) {
    const bytes = await renderArtJpeg(spec);
    if (bytes.length > maxBytes) {
      throw new Error(`${file} is ${bytes.length} bytes, over its budget of ${maxBytes}`);
    }
    await fs.writeFile(path.join(PUBLIC_DIR, file), bytes);
    console.log(`${file}  ${spec.width}x${spec.height}  ${Math.round(bytes.length / 1024)} KB`);
  }
  await fs.writeFile(path.join(PUBLIC_DIR, "images/placeholder.svg"), placeholderSvg());
  await fs.writeFile(path.join(PUBLIC_DIR, "favicon.svg"), faviconSvg());
  console.log("images/placeholder.svg, favicon.svg");
});
