/**
 * The about screen's tabs and the intents its one route action answers. One action
 * serves four tabs, so each list's intents carry its name ("influence:create" …).
 * Plain constants: the route (server) and the tabs (browser) both read them.
 */
export const ABOUT_TABS = [
  { value: "content", label: "Page Content" },
  { value: "influences", label: "Influences" },
  { value: "collaborations", label: "Collaborations" },
  { value: "statistics", label: "Statistics" },
] as const;

export type AboutTab = (typeof ABOUT_TABS)[number]["value"];

/** The query parameter that keeps the open tab in the address (reload, shared link). */
export const ABOUT_TAB_PARAM = "tab";

const DEFAULT_TAB: AboutTab = "content";

/** The tab an address asks for; the first tab for a missing or unknown one. */
export function aboutTabOf(search: URLSearchParams): AboutTab {
  const asked = search.get(ABOUT_TAB_PARAM);
  return ABOUT_TABS.find((tab) => tab.value === asked)?.value ?? DEFAULT_TAB;
}

/** The address of `tab`, keeping the other query parameters (the first tab needs none). */
export function searchWithTab(search: URLSearchParams, tab: AboutTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === DEFAULT_TAB) next.delete(ABOUT_TAB_PARAM);
  else next.set(ABOUT_TAB_PARAM, tab);
  return next;
}

export const ABOUT_INTENTS = {
  updateContent: "update-content",
  influenceCreate: "influence:create",
  influenceDelete: "influence:delete",
  collaborationCreate: "collaboration:create",
  collaborationDelete: "collaboration:delete",
  statCreate: "stat:create",
  statDelete: "stat:delete",
} as const;
