import { readFileSync } from "node:fs";
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

const LUCIDE_ESM = fileURLToPath(new URL("./node_modules/lucide-react/dist/esm/", import.meta.url));
const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** lucide-react's export names → their icon files, read from the package's own index. */
export function lucideIconFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const index = readFileSync(`${LUCIDE_ESM}lucide-react.js`, "utf8");
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g))
      files.set(name!, `${LUCIDE_ESM}${file}`);
  }
  return files;
}

/**
 * Imports each lucide icon from its own file instead of the package's index. Rollup
 * places a module by the pages that can reach it, and through the index (which
 * re-exports all 1,600 icons) every page reaches every icon: the admin's icons ended up
 * in the shell that every public page loads. Type imports and anything that is not an
 * icon stay on the index.
 */
export function directLucideImports(): Plugin {
  let iconFiles: Map<string, string> | undefined;
  return {
    name: "direct-lucide-imports",
    enforce: "pre",
    apply: "build",
    transform(code, id) {
      if (!id.startsWith(APP_DIR) || !code.includes("lucide-react")) return null;
      iconFiles ??= lucideIconFiles();
      const files = iconFiles;
      const rewritten = code.replace(LUCIDE_IMPORT, (whole, specifiers: string) => {
        if (/^\s*type\b/.test(whole.slice(6))) return whole;
        const direct: string[] = [];
        const rest: string[] = [];
        for (const specifier of specifiers
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
          const file = !imported.startsWith("type ") && files.get(imported);
          if (file) direct.push(`import ${local} from ${JSON.stringify(file)};`);
          else rest.push(specifier);
        }
        // Only types left: a type import, which the compiler drops, not `import {}`, which
        // under verbatimModuleSyntax would stay and bring the index back.
        const onlyTypes = rest.every((specifier) => specifier.startsWith("type "));
        const remaining =
          rest.length === 0
            ? ""
            : onlyTypes
              ? `import type { ${rest.map((s) => s.slice(5)).join(", ")} } from "lucide-react";`
              : `import { ${rest.join(", ")} } from "lucide-react";`;
        // The same number of lines, so the positions after the import stay where they were.
        return direct.join("") + remaining + "\n".repeat(whole.split("\n").length - 1);
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
