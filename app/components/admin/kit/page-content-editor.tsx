/**
 * The editor for a set of page-content keys (home, shop, contact, footer, about and
 * LOE texts): one card per key, each saved on its own through a fetcher
 * (intent=update-content, pageName, title, description, paragraphSpacing), and an
 * optional preview that renders the real public section from the unsaved values.
 *
 * Each card checks its values in the browser with the server's schema before posting
 * (the spec's messages beside the fields, the "Validation Error" toast, nothing sent),
 * keeps what the artist typed when a save fails, and has a History disclosure: the last
 * saved versions with who saved them and when, each restorable (through the
 * page-content-history route, so every screen with this editor gets it). Leaving the
 * screen with unsaved edits asks first (use-unsaved-changes.tsx).
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ChevronDown, History, Loader2, RotateCcw, Save } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { fileNameOf, isOwnUploadPath } from "~/domain/core/file-reference";
import { earlierVersionCount, earlierVersionsLabel } from "~/domain/content/page-content/history";
import { INTENT_FIELD, type FieldErrors } from "~/domain/admin/admin-action";
import { PARAGRAPH_SPACINGS } from "~/domain/content/page-content/registry";
import {
  PAGE_CONTENT_HISTORY_PATH,
  PAGE_CONTENT_HISTORY_TEXT as HISTORY,
  PAGE_CONTENT_TEXT,
} from "~/domain/content/page-content/entry-form";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";
import { ConfirmDialog } from "./confirm-dialog";
import { FormAlert } from "./form-alert";
import { LivePreview } from "./live-preview";
import { SubmitButton } from "./submit-button";
import {
  draftErrors,
  draftOf,
  entryKind,
  exactTime,
  isDraftDirty,
  previewValues,
  relativeTime,
  sameDraft,
  shortenText,
  type ContentDraft,
  type ContentHistoryData,
  type ContentValues,
  type ContentVersionView,
  type PageContentEntry,
} from "./page-content-draft";
import { UploadField } from "./upload-field";
import { useAdminFetcher } from "./use-admin-fetcher";
import { useUnsavedChanges } from "./use-unsaved-changes";

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
  /** Fold the preview behind a "Show preview" button on phones (a screen of many sections). */
  previewCollapsibleOnPhone?: boolean;
  /** Posted as `intent`; "update-content" unless told. */
  intent?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /**
   * Cards for which this is false are hidden (a search), not unmounted: their unsaved
   * edits stay, and still count when the artist leaves the screen.
   */
  isVisible?: (entry: PageContentEntry) => boolean;
  /** Offer each card's version history (default true). */
  history?: boolean;
  /** 2: the cards side by side on wide screens (a list screen without a side preview). */
  columns?: 1 | 2;
  className?: string;
}

export function PageContentEditor({
  entries,
  preview,
  previewPlacement = "side",
  previewCollapsibleOnPhone = false,
  intent = "update-content",
  action,
  isVisible,
  history = true,
  columns = 1,
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

  const unsaved = entries
    .filter((entry) => {
      const draft = drafts[entry.pageName];
      return draft !== undefined && isDraftDirty(entry, draft);
    })
    .map((entry) => entry.label);
  const leavePrompt = useUnsavedChanges(unsaved);

  const cards = (
    <div className={columns === 2 ? "grid items-start gap-6 lg:grid-cols-2" : "space-y-6"}>
      {entries.map((entry) => (
        <ContentEntryCard
          key={entry.pageName}
          entry={entry}
          draft={current(entry)}
          intent={intent}
          action={action}
          hidden={isVisible ? !isVisible(entry) : false}
          history={history}
          onEdit={(draft) => edit(entry.pageName, draft)}
          onDiscard={() => discard(entry.pageName)}
          onSaved={(saved) => settle(entry.pageName, saved)}
        />
      ))}
    </div>
  );

  if (!preview) {
    return (
      <div className={className}>
        {cards}
        {leavePrompt}
      </div>
    );
  }

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
      <LivePreview
        className={side ? "xl:sticky xl:top-24" : undefined}
        collapsibleOnPhone={previewCollapsibleOnPhone}
      >
        {preview(values)}
      </LivePreview>
      {!side && cards}
      {leavePrompt}
    </div>
  );
}

function ContentEntryCard({
  entry,
  draft,
  intent,
  action,
  hidden,
  history,
  onEdit,
  onDiscard,
  onSaved,
}: {
  entry: PageContentEntry;
  draft: ContentDraft;
  intent: string;
  action?: string;
  hidden: boolean;
  history: boolean;
  onEdit: (draft: ContentDraft) => void;
  onDiscard: () => void;
  onSaved: (saved: ContentDraft) => void;
}) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const fieldId = (name: string) => `${baseId}-${name}`;
  const submitted = useRef<ContentDraft | null>(null);
  // Remounts the (uncontrolled) upload field when the stored image or the draft is thrown away.
  const [uploadKey, setUploadKey] = useState(0);
  const [uploading, setUploading] = useState(false);
  // The browser check's errors, from a refused Save until the next post.
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const {
    fetcher,
    busy,
    fieldErrors: serverErrors,
  } = useAdminFetcher({
    onSuccess: () => {
      if (submitted.current) onSaved(submitted.current);
    },
  });
  const errors = clientErrors ?? serverErrors;
  const kind = entryKind(entry);

  const dirty = isDraftDirty(entry, draft);
  // aria-disabled rather than disabled: the button keeps keyboard focus when a save
  // makes it unavailable, instead of dropping the artist's place on the page.
  const canSave = dirty && !busy && !uploading;
  const set = (patch: Partial<ContentDraft>) => {
    const next = { ...draft, ...patch };
    // Once a Save was refused, the messages follow the typing (and go when fixed).
    if (clientErrors) setClientErrors(draftErrors(entry.pageName, next));
    onEdit(next);
  };
  const imageBox = useWatchedValue("description", draft.description, (description) =>
    set({ description }),
  );

  const discard = () => {
    onDiscard();
    setClientErrors(null);
    setUploadKey((k) => k + 1);
  };
  // The values when a restore was confirmed: once it is done they give way to the
  // restored ones, unless the artist typed something new meanwhile.
  const beforeRestore = useRef<ContentDraft>(draft);
  const restored = () => {
    onSaved(beforeRestore.current);
    setClientErrors(null);
    setUploadKey((k) => k + 1);
  };

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!canSave) {
      event.preventDefault();
      return;
    }
    const found = draftErrors(entry.pageName, draft);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      toast.error(PAGE_CONTENT_TEXT.validationErrorTitle, {
        description: PAGE_CONTENT_TEXT.validationError,
      });
      const first = ["title", "description", "paragraphSpacing"].find((name) => found[name]);
      const field = first ? document.getElementById(fieldId(first)) : null;
      // Centred, so the sticky admin header never covers the field and its message.
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: "center" });
      return;
    }
    setClientErrors(null);
    submitted.current = draft;
  }

  const otherErrors = Object.entries(errors)
    .filter(([name]) => !["title", "description", "paragraphSpacing"].includes(name))
    .map(([, message]) => message);

  return (
    <Card aria-labelledby={headingId} hidden={hidden} className="p-5 sm:p-6">
      <fetcher.Form
        method="post"
        action={action}
        noValidate
        className="space-y-5"
        onSubmit={handleSubmit}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="text-lg leading-tight">
            {entry.label}
          </h3>
          <code className="text-xs text-muted-foreground">{entry.pageName}</code>
        </div>
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        <input type="hidden" name="pageName" value={entry.pageName} />

        <FormField
          id={fieldId("title")}
          label="Title"
          error={errors.title}
          hint={`${draft.title.length}/${CONTENT_TITLE_MAX} characters`}
        >
          {(field) => (
            <Input
              {...field}
              name="title"
              value={draft.title}
              autoComplete="off"
              onChange={(event) => set({ title: event.target.value })}
            />
          )}
        </FormField>

        {kind === "image" ? (
          <div ref={imageBox.ref} onChange={imageBox.onChange}>
            <UploadField
              key={`${uploadKey}:${entry.description ?? ""}`}
              id={fieldId("description")}
              name="description"
              label="Image"
              kind={entry.uploadKind ?? "image"}
              allowUrl
              defaultValue={draft.description || null}
              error={errors.description}
              hint="An https:// address, or upload an image file."
              onBusyChange={setUploading}
              onUploaded={(file) => set({ description: file.url })}
            />
          </div>
        ) : kind === "url" || kind === "email" ? (
          <FormField
            id={fieldId("description")}
            label={kind === "url" ? "Link (URL)" : "E-mail address"}
            error={errors.description}
            hint={
              kind === "url"
                ? "A full address starting with https://. Leave empty to hide it."
                : "The address visitors see and write to."
            }
          >
            {(field) => (
              <Input
                {...field}
                name="description"
                type={kind === "url" ? "url" : "email"}
                inputMode={kind === "url" ? "url" : "email"}
                autoComplete="off"
                spellCheck={false}
                placeholder={kind === "url" ? "https://" : "name@example.com"}
                value={draft.description}
                onChange={(event) => set({ description: event.target.value })}
              />
            )}
          </FormField>
        ) : (
          <FormField
            id={fieldId("description")}
            label="Description"
            error={errors.description}
            hint={`${draft.description.length}/${CONTENT_DESCRIPTION_MAX} characters`}
          >
            {(field) => (
              <Textarea
                {...field}
                name="description"
                rows={4}
                value={draft.description}
                onChange={(event) => set({ description: event.target.value })}
              />
            )}
          </FormField>
        )}

        {entry.hasSpacing ? (
          <FormField
            id={fieldId("paragraphSpacing")}
            label="Paragraph spacing"
            error={errors.paragraphSpacing}
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

        {otherErrors.length > 0 && <FormAlert message={otherErrors.join(" ")} />}

        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            size="sm"
            pending={busy}
            icon={<Save aria-hidden />}
            aria-disabled={!canSave || undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-primary"
          >
            Save
          </SubmitButton>
          {dirty && !busy && (
            <Button size="sm" variant="ghost" onClick={discard}>
              <RotateCcw aria-hidden /> Discard changes
            </Button>
          )}
          {dirty && !busy && <span className="text-xs text-muted-foreground">Unsaved changes</span>}
        </div>
      </fetcher.Form>
      {history && (
        <ContentHistory
          entry={entry}
          onRestoring={() => (beforeRestore.current = draft)}
          onRestored={restored}
        />
      )}
    </Card>
  );
}

/**
 * The card's "History" disclosure: loads the key's last versions on first opening
 * (and again after every save or restore, when React Router revalidates), each with
 * who saved it and when, and a Restore button behind a confirmation.
 */
function ContentHistory({
  entry,
  onRestoring,
  onRestored,
}: {
  entry: PageContentEntry;
  /** The artist confirmed a restore. */
  onRestoring: () => void;
  /** The restore is done and the page's data reloaded. */
  onRestored: () => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState<ContentVersionView | null>(null);
  const fetcher = useFetcher<ContentHistoryData>();
  const url = `${PAGE_CONTENT_HISTORY_PATH}?${new URLSearchParams({ pageName: entry.pageName })}`;
  const load = () => void fetcher.load(url);

  const toggle = () => {
    if (!open && fetcher.state === "idle" && !fetcher.data) load();
    setOpen(!open);
  };

  const data = fetcher.data;
  const loading = fetcher.state !== "idle";
  const versions = data?.versions ?? [];
  const earlier = earlierVersionCount(versions);

  return (
    <div className="mt-5 border-t border-border/60 pt-4">
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="-ml-3"
      >
        <History aria-hidden />
        History
        {data && !data.error ? (
          <span className="text-xs font-normal text-muted-foreground">
            ({earlierVersionsLabel(earlier)})
          </span>
        ) : null}
        <ChevronDown
          aria-hidden
          className={cn("transition-transform duration-200", open && "rotate-180")}
        />
      </Button>
      <div id={panelId} hidden={!open} aria-busy={loading || undefined} className="pt-3">
        {open &&
          (!data ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Loading versions...
            </p>
          ) : data.error ? (
            <div className="space-y-3">
              <FormAlert message={data.error} />
              <Button size="sm" variant="outline" onClick={load} disabled={loading}>
                Try again
              </Button>
            </div>
          ) : versions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{HISTORY.empty}</p>
          ) : (
            <ol aria-label={`Versions of ${entry.label}`} className="divide-y divide-border/60">
              {versions.map((version) => (
                <VersionItem
                  key={version.id}
                  version={version}
                  entry={entry}
                  onRestore={() => {
                    // The dialog is modal: nothing can change the card until it closes.
                    onRestoring();
                    setRestoring(version);
                  }}
                />
              ))}
            </ol>
          ))}
      </div>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRestoring(null);
        }}
        title={HISTORY.confirmTitle}
        description={HISTORY.confirmDescription}
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        icon={<RotateCcw aria-hidden />}
        confirmVariant="primary"
        action={PAGE_CONTENT_HISTORY_PATH}
        fields={{
          [INTENT_FIELD]: "restore-version",
          pageName: entry.pageName,
          versionId: restoring?.id ?? "",
        }}
        onDone={onRestored}
      />
    </div>
  );
}

function VersionItem({
  version,
  entry,
  onRestore,
}: {
  version: ContentVersionView;
  entry: PageContentEntry;
  onRestore: () => void;
}) {
  const savedAt = new Date(version.savedAt);
  const when = relativeTime(savedAt);
  const exact = exactTime(savedAt);
  const who = version.savedBy ?? HISTORY.unknownSaver;
  const image = entryKind(entry) === "image" ? version.description : null;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="flex min-w-0 gap-3">
        {image && /^(https?:\/\/|\/(?!\/))/.test(image) && (
          <img
            src={image}
            alt=""
            loading="lazy"
            className="size-12 shrink-0 rounded-lg border border-border object-cover"
          />
        )}
        <div className="min-w-0 space-y-1">
          <p className="text-xs text-muted-foreground">
            <span className="font-medium text-foreground/90">{who}</span>
            {" · "}
            <time dateTime={version.savedAt} title={exact}>
              {when}
            </time>
            <span className="hidden sm:inline"> ({exact})</span>
          </p>
          <p className="break-words text-sm font-medium">
            {version.title || <span className="italic text-muted-foreground">No title</span>}
          </p>
          {version.description && (
            <p className="break-words text-sm text-muted-foreground">
              {image && isOwnUploadPath(image)
                ? (version.fileName ?? fileNameOf(image))
                : shortenText(version.description)}
            </p>
          )}
          {entry.hasSpacing && version.paragraphSpacing && (
            <p className="text-xs text-muted-foreground">
              Paragraph spacing {version.paragraphSpacing}
            </p>
          )}
        </div>
      </div>
      {version.isCurrent ? (
        <Badge variant="gold" className="self-start">
          Current
        </Badge>
      ) : version.sameAsCurrent ? (
        <span className="self-start text-xs text-muted-foreground">Same text as current</span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          aria-label={`Restore the version saved ${when} by ${who}`}
          onClick={onRestore}
        >
          <RotateCcw aria-hidden /> Restore
        </Button>
      )}
    </li>
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
