/**
 * A modal dialog on the native <dialog> element: the page behind is inert, Escape
 * closes, Tab stays inside, and focus goes back to whatever opened it. No library,
 * so it costs the public pages almost no JavaScript.
 */
import { useEffect, useId, useRef } from "react";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, video[controls], audio[controls], [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: React.ReactNode;
  /** Visually hide the title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  description?: React.ReactNode;
  /** "alertdialog" for a confirmation that interrupts (delete, remove). */
  role?: "dialog" | "alertdialog";
  /**
   * False while something is being saved: Escape, the backdrop and the close button
   * then do nothing, so a pending save is not cut off half-way.
   */
  dismissible?: boolean;
  /**
   * Asked before Escape, the close button or the backdrop closes the dialog; false
   * keeps it open (a form with unsaved input asks first). Closing by `open` is not asked.
   */
  onRequestClose?: () => boolean;
  className?: string;
  children: React.ReactNode;
}

export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  role,
  dismissible = true,
  onRequestClose,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest onClose, without re-running the open/close effect when it changes.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  /** Escape, the close button and the backdrop: closes when allowed and not refused. */
  function requestClose() {
    if (!dismissible || onRequestClose?.() === false) return;
    ref.current?.close();
  }

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // showModal focuses the first control (the close button); a child marked
      // data-autofocus (a confirmation's Cancel, a form's first field) goes first.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Give focus back to the opener however the dialog closed.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      // "close" is dispatched a task after close(): when the dialog was opened again in
      // between (a quick Cancel, then Remove), that event is stale and must not shut it.
      if (dialog.open) return;
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
      onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    // A dialog opened from inside this one (its React children) handles its own keys.
    if ((event.target as Element).closest("dialog") !== ref.current) return;
    if (event.key === "Escape" && onRequestClose) {
      // Handled here rather than by "cancel": Chrome lets a page refuse "cancel" only
      // once per user activation, and the question may be asked more than once.
      event.preventDefault();
      requestClose();
      return;
    }
    if (event.key !== "Tab") return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.getClientRects().length > 0,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      data-modal=""
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      // Escape fires "cancel" before closing; refusing it keeps a pending save open.
      onCancel={(event) => {
        if (!dismissible || onRequestClose?.() === false) event.preventDefault();
      }}
      // A click on the backdrop lands on the <dialog> itself, outside its content box.
      onClick={(event) => {
        if (event.target === ref.current) requestClose();
      }}
      className={cn(
        "m-auto w-[min(100vw-2rem,64rem)] max-w-none overflow-visible bg-transparent p-0 text-foreground backdrop:bg-background/85 backdrop:backdrop-blur-sm",
        className,
      )}
    >
      {open && (
        <div className="relative rounded-2xl border border-border bg-card p-4 shadow-2xl shadow-black/50 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={titleId} className={cn("text-xl sm:text-2xl", hideTitle && "sr-only")}>
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={requestClose}
              disabled={!dismissible}
              className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-40"
              aria-label="Close"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
