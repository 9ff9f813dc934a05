/**
 * The last step of `npm run build`: compiles server.ts and the app/server code it imports
 * into plain JavaScript, build/server.js, so production runs `node build/server.js` with
 * no TypeScript compiler loaded (issue 29: tsx cost memory and seconds at every start).
 * Packages stay imports of node_modules. Modules server.ts loads with a dynamic import
 * (the demo generators, only for a seed) become chunks of their own in build/server-chunks,
 * loaded only when that import runs. `npm run dev` still runs server.ts through tsx.
 */
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts" },
  outdir: "build",
  bundle: true,
  splitting: true,
  chunkNames: "server-chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
});
console.log("Compiled the server: build/server.js");
