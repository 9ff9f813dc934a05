/**
 * How the browser code is split into files (used by vite.config.ts for the client build).
 *
 * Left to itself, Rollup makes a file for every icon and small component that two
 * pages share: ~25 requests on a first visit, each a round trip on a phone network.
 * Here:
 * - "shell": what the root and public layouts need (nav, footer, error pages, toasts'
 *   entry point, the icons they use), React, React DOM and React Router, plus the app's
 *   modules that most public pages share (at least SHARED_BY public routes);
 * - "pages-…": what only some main pages import, one chunk per set of those pages
 *   ("pages-contact-home-shop": the newsletter form);
 * - route modules and lazy parts (cart drawers, sonner, skeletons, the video dialog)
 *   stay where Rollup puts them;
 * - admin code never joins a chunk that public pages load.
 */
import { fileURLToPath } from "node:url";
import type { Rollup } from "vite";

const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const LUCIDE_DIR = "/node_modules/lucide-react/dist/esm/";
/** A module used by this many main pages is worth shipping with every page. */
const SHARED_BY = 4;
/**
 * The pages that vote on the shell: the ones in the navigation, which most visits
 * start on. Side pages (newsletter confirmation, redeem, sign-in …) load the shell too
 * but must not pull their own parts into it: four of them would put a form every main
 * page pays for into every page.
 */
const MAIN_PAGES = /\/routes\/(index|home|about|media|loe|events|shop|contact)\.tsx$/;
/** An icon used by this many main pages joins the shell too (as a module does). */
const ICON_SHARED_BY = 4;
/** Small libraries every page's components use. */
const SHELL_PACKAGES = /\/node_modules\/(clsx|class-variance-authority)\//;
/**
 * React DOM, its scheduler and React Router, which the client entry imports: in the
 * shell beside React, compressed together (1.5 KB less brotli than two files, issue 28).
 */
const FRAMEWORK_PACKAGES = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

const isAdmin = (id: string) =>
  id.startsWith(`${APP_DIR}routes/admin/`) || id.startsWith(`${APP_DIR}components/admin/`);
const isApp = (id: string) => id.startsWith(APP_DIR) && !isAdmin(id);
const isIcon = (id: string) => id.includes(`${LUCIDE_DIR}icons/`);

function publicRouteModules(moduleIds: Iterable<string>): string[] {
  return [...moduleIds].filter(
    (id) =>
      id.startsWith(`${APP_DIR}routes/`) && !isAdmin(id) && /\.tsx$/.test(id) && !id.includes("?"),
  );
}

/** App modules and icons reachable from `entry` through static imports (not the entry itself). */
function staticAppImports(entry: string, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const stack = [...(getModuleInfo(entry)?.importedIds ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || !(isApp(id) || isIcon(id) || SHELL_PACKAGES.test(id))) continue;
    seen.add(id);
    stack.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The chunk of every module that is not left to Rollup: "shell" or a page group. */
function planChunks(meta: Rollup.ManualChunkMeta): Map<string, string> {
  const ids = [...meta.getModuleIds()];
  const shell = new Set<string>();
  for (const entry of [`${APP_DIR}root.tsx`, `${APP_DIR}routes/public-layout.tsx`]) {
    for (const id of staticAppImports(entry, meta.getModuleInfo)) shell.add(id);
  }
  const routes = publicRouteModules(ids).filter((id) => !id.endsWith("public-layout.tsx"));
  const importsByRoute = new Map(routes.map((r) => [r, staticAppImports(r, meta.getModuleInfo)]));
  // One page, one vote: a route that another route renders (/ renders home.tsx) is
  // counted with that route, not again on its own.
  const pages = routes.filter(
    (r) => MAIN_PAGES.test(r) && ![...importsByRoute.values()].some((set) => set.has(r)),
  );
  const pagesUsing = new Map<string, string[]>();
  for (const page of pages) {
    for (const id of importsByRoute.get(page)!) {
      pagesUsing.set(id, [...(pagesUsing.get(id) ?? []), page]);
    }
  }
  for (const [id, using] of pagesUsing) {
    if (using.length >= (isIcon(id) ? ICON_SHARED_BY : SHARED_BY)) shell.add(id);
  }

  // The icons the shell's modules import (each from its own file: vite.icons.ts), and
  // lucide's own base code.
  for (const id of [...shell]) {
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
      if (isIcon(imported)) shell.add(imported);
    }
  }
  for (const id of ids) {
    if (id.includes(LUCIDE_DIR) && !isIcon(id) && !id.endsWith("lucide-react.js")) shell.add(id);
  }

  const chunks = new Map<string, string>([...shell].map((id) => [id, "shell"]));
  // The rest a main page imports goes into one chunk per set of main pages that use it
  // (Rollup would split it further by the admin screens and side pages that share a
  // piece): /shop loaded 19 files of its own, each a response its main thread handles
  // while the page starts, and each compressed without the others (issue 28). A side
  // page or an admin screen that imports a piece loads its group, a few KB more.
  const routeModules = new Set(routes);
  for (const [id, using] of pagesUsing) {
    if (shell.has(id) || routeModules.has(id)) continue;
    chunks.set(id, `pages-${using.map(pageName).sort().join("-")}`);
  }
  return chunks;
}

/** "home" for app/routes/index.tsx, "shop" for app/routes/shop.tsx. */
function pageName(route: string): string {
  const name = route.slice(route.lastIndexOf("/") + 1, -".tsx".length);
  return name === "index" ? "home" : name;
}

let chunks: Map<string, string> | undefined;

export function manualChunks(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  chunks ??= planChunks(meta);
  return chunks.get(id) ?? (FRAMEWORK_PACKAGES.test(id) ? "shell" : undefined);
}
