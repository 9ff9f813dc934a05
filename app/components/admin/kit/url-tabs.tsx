/**
 * A screen in tabs whose open tab lives in the address (`?tab=`, `?section=`), so a
 * reload or a shared link opens it again (admin spec §2: home, about, LOE). The tab
 * switches at once; the address follows without a new history entry, and switching
 * reloads no data (`tabsShouldRevalidate`).
 */
import { useEffect, useState } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Tabs, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";

export interface UrlTabsConfig<V extends string> {
  /** The query parameter; the first tab is the one without it. */
  param: string;
  tabs: readonly { value: V; label: string }[];
}

/** Keeps the tabs' values typed where they are declared. */
export function defineUrlTabs<const V extends string>(config: UrlTabsConfig<V>): UrlTabsConfig<V> {
  return config;
}

/** The tab an address asks for; the first one for a missing or unknown one. */
export function tabOf<V extends string>(config: UrlTabsConfig<V>, search: URLSearchParams): V {
  const asked = search.get(config.param);
  return config.tabs.find((tab) => tab.value === asked)?.value ?? config.tabs[0]!.value;
}

/** The address of `tab`, keeping the other query parameters (the first tab needs none). */
export function searchWithTab<V extends string>(
  config: UrlTabsConfig<V>,
  search: URLSearchParams,
  tab: V,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === config.tabs[0]!.value) next.delete(config.param);
  else next.set(config.param, tab);
  return next;
}

/**
 * A route's shouldRevalidate: a change of tab alone reloads nothing (nor does a save
 * lost in transit, see lib/connection.ts).
 */
export function tabsShouldRevalidate(config: UrlTabsConfig<string>) {
  return (args: ShouldRevalidateFunctionArgs): boolean => {
    const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) {
      return revalidateUnlessConnectionFailed(args);
    }
    const withoutTab = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete(config.param);
      params.sort();
      return params.toString();
    };
    return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
  };
}

export interface UrlTabsProps<V extends string> {
  config: UrlTabsConfig<V>;
  /** Names the tab list, e.g. "Parts of the LOE page". */
  label: string;
  /** An icon before a tab's label, from the sm breakpoint. */
  icons?: Partial<Record<V, React.ReactNode>>;
  /** Classes of the tab list (e.g. two by two on a phone). */
  listClassName?: string;
  triggerClassName?: string;
  /** The panels: TabsContent, one per tab. */
  children: React.ReactNode;
}

export function UrlTabs<V extends string>({
  config,
  label,
  icons,
  listClassName,
  triggerClassName,
  children,
}: UrlTabsProps<V>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlTab = tabOf(config, searchParams);
  const [tab, setTab] = useState<V>(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);

  return (
    <Tabs
      value={tab}
      onValueChange={(next) => {
        const chosen = tabOf(config, new URLSearchParams({ [config.param]: next }));
        setTab(chosen);
        void setSearchParams((current) => searchWithTab(config, current, chosen), {
          replace: true,
          preventScrollReset: true,
        });
      }}
    >
      <TabsList aria-label={label} className={listClassName}>
        {config.tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value} className={triggerClassName}>
            {icons?.[t.value] && <span className="hidden sm:contents">{icons[t.value]}</span>}
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {children}
    </Tabs>
  );
}
