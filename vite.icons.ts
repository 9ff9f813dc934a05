import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const LEAN_ICON = fileURLToPath(
  new URL("./app/components/ui/lean-lucide-icon.ts", import.meta.url),
);

/**
 * Builds lucide-react's icons on our lean `Icon` (app/components/ui/lean-lucide-icon.ts):
 * the same icons without the nine default attributes on each <svg>. Applied to the
 * client and the server build alike (the server bundles lucide-react for it), so the
 * server's HTML and hydration agree. Development keeps the package's own Icon
 * (whose attributes the `.lucide` rule overrides with the same values).
 */
export function leanLucideIcons(): Plugin {
  return {
    name: "lean-lucide-icons",
    enforce: "pre",
    // Development pre-bundles lucide-react for the browser with its own Icon; the
    // server must then render the same attributes, or hydration would disagree.
    apply: "build",
    resolveId(source, importer) {
      if (
        source === "./Icon.js" &&
        importer &&
        /lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.js$/.test(importer)
      ) {
        return LEAN_ICON;
      }
      return null;
    },
  };
}
