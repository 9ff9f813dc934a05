import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { manualChunks } from "./vite.chunks";
import { directLucideImports, leanLucideIcons } from "./vite.icons";

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [directLucideImports(), leanLucideIcons(), tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
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
