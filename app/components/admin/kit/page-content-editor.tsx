/**
 * The editor for a set of page-content keys (home, shop, contact, footer, about and
 * LOE texts): one card per key, each saved on its own through a fetcher
 * (intent=update-content, pageName, title, description, paragraphSpacing), and an
 * optional preview that renders the real public section from the unsaved values.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Loader2, RotateCcw, Save } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { INTENT_FIELD } from "~/domain/admin-action";
import { PARAGRAPH_SPACINGS } from "~/domain/page-content";
import { cn } from "~/lib/cn";
import {
  draftOf,
  isDraftDirty,
  previewValues,
  sameDraft,
  type ContentDraft,
  type ContentValues,
  type PageContentEntry,
} from "./page-content-draft";
import { UploadField } from "./upload-field";
import { useAdminFetcher } from "./use-admin-fetcher";

export type { ContentValues, PageContentEntry } from "./page-content-draft";

/** Admin spec §5 and §9. */
export const CONTENT_TITLE_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 1000;

export interface PageContentEditorProps {
  entries: readonly PageContentEntry[];
  /** Renders the public section from the values being edited, saved or not. */
  preview?: (values: Record<string, ContentValues>) => React.ReactNode;
  /** "side": beside the cards on wide screens (sticky); "top": above them. */
  previewPlacement?: "side" | "top";
  /** Posted as `intent`; "update-content" unless told. */
  intent?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  className?: string;
}

export function PageContentEditor({
  entries,
  preview,
  previewPlacement = "side",
  intent = "update-content",
  action,
  className,
}: PageContentEditorProps) {
  // Only edited keys have a draft; the others show what is stored (and follow reloads).
  const [drafts, setDrafts] = useState<Record<string, ContentDraft>>({});
  const current = (entry: PageContentEntry) => drafts[entry.pageName] ?? draftOf(entry);

  const edit = (pageName: string, draft: ContentDraft) =>
    setDrafts((all) => ({ ...all, [pageName]: draft }));
  const discard = (pageName: string) => setDrafts(({ [pageName]: _dropped, ...rest }) => rest);
  // After a save, drop the draft unless the artist kept typing while it ran.
  const settle = (pageName: string, saved: ContentDraft) =>
    setDrafts((all) => {
      const draft = all[pageName];
      if (!draft || !sameDraft(draft, saved)) return all;
      const { [pageName]: _dropped, ...rest } = all;
      return rest;
    });

  const cards = (
    <div className="space-y-6">
      {entries.map((entry) => (
        <ContentEntryCard
          key={entry.pageName}
          entry={entry}
          draft={current(entry)}
          intent={intent}
          action={action}
          onEdit={(draft) => edit(entry.pageName, draft)}
          onDiscard={() => discard(entry.pageName)}
          onSaved={(saved) => settle(entry.pageName, saved)}
        />
      ))}
    </div>
  );

  if (!preview) return <div className={className}>{cards}</div>;

  const values = Object.fromEntries(
    entries.map((entry) => [entry.pageName, previewValues(current(entry))]),
  );
  const side = previewPlacement === "side";
  return (
    <div
      className={cn(
        "grid gap-8",
        side && "xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start",
        className,
      )}
    >
      {side && cards}
      <LivePreview className={side ? "xl:sticky xl:top-6" : undefined}>
        {preview(values)}
      </LivePreview>
      {!side && cards}
    </div>
  );
}

function LivePreview({ className, children }: { className?: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("min-w-0 space-y-3", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl">
          Live preview
        </h2>
        <p className="text-xs text-muted-foreground">Shows your changes before you save them.</p>
      </div>
      {/* inert: the preview's links and buttons must not lead away from unsaved work. */}
      <div
        inert
        className="overflow-hidden rounded-2xl border border-border/70 bg-background shadow-xl shadow-black/20"
      >
        {children}
      </div>
    </section>
  );
}

function ContentEntryCard({
  entry,
  draft,
  intent,
  action,
  onEdit,
  onDiscard,
  onSaved,
}: {
  entry: PageContentEntry;
  draft: ContentDraft;
  intent: string;
  action?: string;
  onEdit: (draft: ContentDraft) => void;
  onDiscard: () => void;
  onSaved: (saved: ContentDraft) => void;
}) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const submitted = useRef<ContentDraft | null>(null);
  // Remounts the (uncontrolled) upload field when the artist discards an image change.
  const [uploadKey, setUploadKey] = useState(0);
  const [uploading, setUploading] = useState(false);
  const { fetcher, busy, fieldErrors } = useAdminFetcher({
    onSuccess: () => {
      if (submitted.current) onSaved(submitted.current);
    },
  });

  const dirty = isDraftDirty(entry, draft);
  // aria-disabled rather than disabled: the button keeps keyboard focus when a save
  // makes it unavailable, instead of dropping the artist's place on the page.
  const canSave = dirty && !busy && !uploading;
  const set = (patch: Partial<ContentDraft>) => onEdit({ ...draft, ...patch });
  const imageBox = useWatchedValue("description", draft.description, (description) =>
    set({ description }),
  );

  return (
    <Card aria-labelledby={headingId} className="p-5 sm:p-6">
      <fetcher.Form
        method="post"
        action={action}
        className="space-y-5"
        onSubmit={(event) => {
          if (!canSave) {
            event.preventDefault();
            return;
          }
          submitted.current = draft;
        }}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="text-lg leading-tight">
            {entry.label}
          </h3>
          <code className="text-xs text-muted-foreground">{entry.pageName}</code>
        </div>
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        <input type="hidden" name="pageName" value={entry.pageName} />

        <FormField id={`${baseId}-title`} label="Title" error={fieldErrors.title}>
          {(field) => (
            <Input
              {...field}
              name="title"
              value={draft.title}
              maxLength={CONTENT_TITLE_MAX}
              autoComplete="off"
              onChange={(event) => set({ title: event.target.value })}
            />
          )}
        </FormField>

        {entry.isImage ? (
          <div ref={imageBox.ref} onChange={imageBox.onChange}>
            <UploadField
              key={uploadKey}
              id={`${baseId}-description`}
              name="description"
              label="Image"
              kind="image"
              allowUrl
              defaultValue={draft.description || null}
              error={fieldErrors.description}
              onBusyChange={setUploading}
              onUploaded={(file) => set({ description: file.url })}
            />
          </div>
        ) : (
          <FormField
            id={`${baseId}-description`}
            label="Description"
            error={fieldErrors.description}
            hint={`${draft.description.length}/${CONTENT_DESCRIPTION_MAX} characters`}
          >
            {(field) => (
              <Textarea
                {...field}
                name="description"
                rows={4}
                value={draft.description}
                maxLength={CONTENT_DESCRIPTION_MAX}
                onChange={(event) => set({ description: event.target.value })}
              />
            )}
          </FormField>
        )}

        {entry.hasSpacing ? (
          <FormField
            id={`${baseId}-spacing`}
            label="Paragraph spacing"
            error={fieldErrors.paragraphSpacing}
            className="space-y-2 sm:max-w-xs"
          >
            {(field) => (
              <Select
                {...field}
                name="paragraphSpacing"
                value={draft.paragraphSpacing ?? ""}
                onChange={(event) => set({ paragraphSpacing: event.target.value })}
              >
                {PARAGRAPH_SPACINGS.map((spacing) => (
                  <option key={spacing} value={spacing}>
                    {spacing}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : (
          <input type="hidden" name="paragraphSpacing" value={draft.paragraphSpacing ?? ""} />
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            size="sm"
            aria-disabled={!canSave || undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-primary"
          >
            {busy ? <Loader2 aria-hidden className="animate-spin" /> : <Save aria-hidden />}
            {busy ? "Saving..." : "Save"}
          </Button>
          {dirty && !busy && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                onDiscard();
                setUploadKey((k) => k + 1);
              }}
            >
              <RotateCcw aria-hidden /> Discard changes
            </Button>
          )}
          {dirty && !busy && <span className="text-xs text-muted-foreground">Unsaved changes</span>}
        </div>
      </fetcher.Form>
    </Card>
  );
}

/**
 * Follows the value of the field named `name` inside the returned ref's element. The
 * upload field keeps its own state, so the card listens to its typing (React's change
 * event, which runs after the field's own handler) and watches the DOM for changes no
 * event announces (a file stored or removed sets a hidden input's value).
 */
function useWatchedValue(name: string, value: string, onValue: (value: string) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ value, onValue });
  useEffect(() => {
    latest.current = { value, onValue };
  });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new MutationObserver(() => {
      const field = box.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (field && field.value !== latest.current.value) latest.current.onValue(field.value);
    });
    observer.observe(box, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["value"],
    });
    return () => observer.disconnect();
  }, [name]);
  const onChange = (event: React.ChangeEvent<HTMLDivElement>) => {
    const target = event.target as Partial<HTMLInputElement>;
    if (target.name === name && typeof target.value === "string") onValue(target.value);
  };
  return { ref, onChange };
}
