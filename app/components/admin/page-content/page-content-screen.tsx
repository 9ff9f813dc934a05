/**
 * A page-content list screen (/admin/page-content, /shop-content, /contact, /footer):
 * the screen's sections, each a page-content editor of its keys, with the spec's
 * message inline (and as a toast) for a section that could not be read while the rest
 * of the screen stands; on the long all-keys screen a search by friendly name.
 */
import { useEffect, useId, useState } from "react";
import { AlertTriangle, Search, X } from "lucide-react";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import {
  PageContentEditor,
  type ContentValues,
  type PageContentEntry,
} from "~/components/admin/kit/page-content-editor";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { showToast, type ToastMessage } from "~/lib/toast";
import type { ContentScreenConfig } from "~/domain/content/page-content/screens";
import { matchesContentSearch } from "./screens";

export interface LoadedSection {
  id: string;
  entries: PageContentEntry[];
  error: string | null;
}

export interface PageContentScreenProps {
  config: ContentScreenConfig;
  sections: readonly LoadedSection[];
  toasts?: readonly ToastMessage[];
  /** A live preview per section id, rendered by the public components. */
  previews?: Partial<Record<string, (values: Record<string, ContentValues>) => React.ReactNode>>;
}

export function PageContentScreen({ config, sections, toasts, previews }: PageContentScreenProps) {
  const [query, setQuery] = useState("");
  useEffect(() => {
    for (const toast of toasts ?? []) showToast(toast);
  }, [toasts]);

  const search = query.trim();
  const isVisible = (entry: PageContentEntry) => !search || matchesContentSearch(entry, search);
  const loaded = sections.flatMap((s) => s.entries);
  const shown = loaded.filter(isVisible).length;
  // Several sections read at once failed together: one message, not one per section.
  const errors = new Set(sections.map((s) => s.error));
  const sharedError =
    sections.length > 1 && errors.size === 1 ? (sections[0]?.error ?? null) : null;

  return (
    <AdminScreen title={config.title} description={config.description}>
      {config.searchable && !sharedError && (
        <ContentSearch query={query} onQuery={setQuery} shown={shown} total={loaded.length} />
      )}
      {sharedError ? (
        <LoadFailed message={sharedError} />
      ) : (
        <div className="space-y-14">
          {config.sections.map((section) => {
            const data = sections.find((s) => s.id === section.id);
            const entries = data?.entries ?? [];
            const hidden = Boolean(search) && !entries.some(isVisible);
            return (
              <div key={section.id} hidden={hidden}>
                <AdminSection title={section.title} description={section.description}>
                  {data?.error ? (
                    <LoadFailed message={data.error} />
                  ) : (
                    <PageContentEditor
                      entries={entries}
                      isVisible={isVisible}
                      preview={previews?.[section.id]}
                      previewPlacement="top"
                      // The all-texts screen has eight sections: on a phone, their
                      // previews open on demand.
                      previewCollapsibleOnPhone={config.searchable}
                      columns={2}
                    />
                  )}
                </AdminSection>
              </div>
            );
          })}
        </div>
      )}
    </AdminScreen>
  );
}

function ContentSearch({
  query,
  onQuery,
  shown,
  total,
}: {
  query: string;
  onQuery: (query: string) => void;
  shown: number;
  total: number;
}) {
  const id = useId();
  const searching = query.trim() !== "";
  return (
    <div
      role="search"
      className="z-30 sm:sticky sm:top-16 -mx-5 border-b border-border/60 bg-background/90 px-5 py-4 backdrop-blur-md sm:-mx-8 sm:px-8"
    >
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-foreground/90">
        Find a text by name
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={id}
            type="search"
            value={query}
            autoComplete="off"
            placeholder="e.g. hero, footer, booking"
            onChange={(event) => onQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape" && query) {
                event.preventDefault();
                onQuery("");
              }
            }}
            className="pl-11"
            aria-describedby={`${id}-count`}
          />
        </div>
        <p id={`${id}-count`} className="text-sm text-muted-foreground" aria-live="polite">
          {searching ? `${shown} of ${total} texts` : `${total} texts`}
        </p>
      </div>
      {searching && shown === 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <p>No text matches “{query.trim()}”.</p>
          <Button size="sm" variant="ghost" onClick={() => onQuery("")}>
            <X aria-hidden /> Clear search
          </Button>
        </div>
      )}
    </div>
  );
}

function LoadFailed({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-destructive/50 bg-destructive/10 px-5 py-4 text-sm text-foreground/90"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <span>
        <span className="block font-semibold text-destructive">{message}</span>
        Reload the page to try again. Nothing that was saved is lost.
      </span>
    </p>
  );
}
