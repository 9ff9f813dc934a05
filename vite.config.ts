import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { manualChunks } from "./vite.chunks";
import { directLucideImports, leanLucideIcons } from "./vite.icons";

/**
 * React Router's package exports only its development build to bundlers (the one with
 * its warnings switched on); the browser gets the production build it ships beside it.
 * The server keeps the package as Node resolves it: one copy of React Router there.
 */
const reactRouterProductionBuild = [
  { find: /^react-router$/, replacement: "react-router/dist/production/index.mjs" },
  { find: /^react-router\/dom$/, replacement: "react-router/dist/production/dom-export.mjs" },
].map(({ find, replacement }) => ({
  find,
  replacement: fileURLToPath(new URL(`./node_modules/${replacement}`, import.meta.url)),
}));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [directLucideImports(), leanLucideIcons(), tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild ? reactRouterProductionBuild : []),
    ],
  },
  // A few files per page instead of dozens (vite.chunks.ts says how and why).
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks } } },
  ssr: {
    // Native or Node-only packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "pg", "sharp", "pino"],
    // Bundled in the build, so the server renders icons with the same lean Icon as the
    // browser (vite.icons.ts). Development loads the package as it is, on both sides.
    noExternal: command === "build" ? ["lucide-react"] : [],
  },
}));
