/**
 * The state of a manager whose one form on the page both adds and edits (the
 * featured-video and photo managers): which row the form edits, if any. Starting an
 * edit brings the form into view and puts the focus in its first field; Cancel (or a
 * save) gives the focus back to the row's Edit button. A row deleted while being edited
 * leaves the form in "add" mode.
 */
import { useEffect, useRef, useState } from "react";

export function useInlineEdit<T>(rows: readonly T[], getId: (row: T) => string) {
  const [editingId, setEditingId] = useState<string | null>(null);
  // Counts the Edit presses, so pressing Edit again brings the form back into view.
  const [presses, setPresses] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const editing = editingId === null ? null : (rows.find((r) => getId(r) === editingId) ?? null);

  useEffect(() => {
    if (presses === 0) return;
    const box = formRef.current;
    if (!box) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    box
      .querySelector<HTMLElement>("input:not([type=hidden]), textarea, select")
      ?.focus({ preventScroll: true });
  }, [presses]);

  const returnFocus = () => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  };

  return {
    /** The row the form edits; null while it adds. */
    editing,
    /** Put on the element around the form: it is scrolled to when an edit starts. */
    formRef,
    startEdit(row: T) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setEditingId(getId(row));
      setPresses((n) => n + 1);
    },
    /** Back to adding; the focus returns to the Edit button that started it. */
    stopEdit() {
      setEditingId(null);
      returnFocus();
    },
  };
}
