import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { manualChunks } from "./vite.chunks";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // A few files per page instead of dozens (vite.chunks.ts says how and why).
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks } } },
  ssr: {
    // Native or Node-only packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "pg", "sharp", "pino"],
  },
}));
