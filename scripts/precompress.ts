/**
 * After `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level
 * 9) copy next to every built script, stylesheet and SVG in build/client/assets. The
 * server sends them as they are (app/server/http/static-assets.server.ts): smaller than
 * compressing on the fly (brotli is ~15% smaller than gzip for our JavaScript) and no
 * CPU per request. Hashed file names never change, so this runs once per build.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS = path.resolve(process.argv[2] ?? "build/client/assets");
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

let files = 0;
let before = 0;
let brotli = 0;
for (const name of readdirSync(ASSETS)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const source = readFileSync(path.join(ASSETS, name));
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  writeFileSync(path.join(ASSETS, `${name}.br`), br);
  writeFileSync(path.join(ASSETS, `${name}.gz`), gz);
  files++;
  before += gz.length;
  brotli += br.length;
}
console.log(
  `Precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB gzip, ${(brotli / 1024).toFixed(0)} KB brotli`,
);
