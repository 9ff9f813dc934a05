/**
 * "Leave without saving?": a screen with unsaved edits asks before the artist leaves it.
 *
 *   const prompt = useUnsavedChanges(dirty ? ["Shop hero title"] : []);
 *   return <>{prompt}…</>;
 *
 * Every part of a page that holds edits (each page-content editor, an open dialog)
 * reports what is unsaved, by name. React Router allows one navigation blocker at a
 * time, so the reports meet in one store and only the first mounted user of the hook
 * renders the blocker (useBlocker for links and the back button, with the kit's
 * ConfirmDialog) and listens to `beforeunload` (reload, closing the tab, typing an
 * address). Moving within the same screen (a redirect back to it after a save, a
 * search parameter) is never blocked.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useBlocker, type BlockerFunction } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

export const UNSAVED_CHANGES_TEXT = {
  title: "Leave without saving?",
  leave: "Leave",
  stay: "Stay",
} as const;

/** "Your changes to Shop hero title and Delivery note will be lost." */
export function unsavedChangesMessage(changes: readonly string[]): string {
  return `Your changes to ${listOfChanges(changes)} will be lost.`;
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more"; "this page" when nothing is named. */
export function listOfChanges(changes: readonly string[], shown = 3): string {
  const names = [...new Set(changes.map((c) => c.trim()).filter(Boolean))];
  if (names.length === 0) return "this page";
  if (names.length === 1) return names[0]!;
  if (names.length <= shown) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}

/** Whether leaving `from` for `to` leaves the screen (another path), which is what asks. */
export function leavesScreen(from: { pathname: string }, to: { pathname: string }): boolean {
  const trim = (path: string) => path.replace(/\/+$/, "") || "/";
  return trim(from.pathname) !== trim(to.pathname);
}

// ---------------------------------------------------------------------------
// The page's store: who has unsaved edits, and which user of the hook shows the prompt
// ---------------------------------------------------------------------------

const reports = new Map<string, readonly string[]>();
const mounted: string[] = [];
const listeners = new Set<() => void>();
const NOTHING: readonly string[] = [];
let unsaved: readonly string[] = NOTHING;

function publish() {
  const all = [...reports.values()].flat();
  unsaved = all.length === 0 ? NOTHING : [...new Set(all)];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What is unsaved anywhere on the page right now (for tests and the blocker). */
export function unsavedChanges(): readonly string[] {
  return unsaved;
}

/**
 * Reports this component's unsaved edits (their names; empty when all is saved) and
 * returns the prompt to render: the prompt for the whole page from its first user,
 * nothing from the others.
 */
export function useUnsavedChanges(changes: readonly string[]): React.ReactNode {
  const id = useId();
  const key = changes.join("\u0000");

  useEffect(() => {
    mounted.push(id);
    publish();
    return () => {
      mounted.splice(mounted.indexOf(id), 1);
      reports.delete(id);
      publish();
    };
  }, [id]);

  useEffect(() => {
    if (key === "") reports.delete(id);
    else reports.set(id, key.split("\u0000"));
    publish();
  }, [id, key]);

  const leader = useSyncExternalStore(
    subscribe,
    () => mounted[0] === id,
    () => false,
  );
  return leader ? <UnsavedChangesPrompt /> : null;
}

function UnsavedChangesPrompt() {
  const changes = useSyncExternalStore(subscribe, unsavedChanges, () => NOTHING);
  const dirty = changes.length > 0;

  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    unsaved.length > 0 && leavesScreen(currentLocation, nextLocation);
  const blocker = useBlocker(shouldBlock);
  const latest = useRef(blocker);
  latest.current = blocker;
  // Set by Leave: the dialog's closing must not cancel the navigation it lets through.
  const leaving = useRef(false);

  useEffect(() => {
    if (blocker.state === "unblocked") leaving.current = false;
    // The edits were saved (or discarded) while the question was open: just go.
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  // In the body: the hook's first user may sit in a hidden tab panel, where a dialog
  // would open unseen.
  return createPortal(
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        const current = latest.current;
        if (!open && !leaving.current && current.state === "blocked") current.reset();
      }}
      title={UNSAVED_CHANGES_TEXT.title}
      description={unsavedChangesMessage(changes)}
      confirmLabel={UNSAVED_CHANGES_TEXT.leave}
      cancelLabel={UNSAVED_CHANGES_TEXT.stay}
      icon={null}
      onConfirm={() => {
        const current = latest.current;
        if (current.state !== "blocked") return;
        leaving.current = true;
        current.proceed();
      }}
    />,
    document.body,
  );
}
