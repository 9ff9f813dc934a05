/**
 * A bottom drawer in the Radix dialog manner: a modal sheet about 85% of the viewport
 * high that slides up over a dimmed page.
 *
 * - Focus moves into the drawer when it opens, Tab stays inside it, and focus goes back
 *   to where it was when it closes.
 * - Escape, the close button and a click on the backdrop close it.
 * - The rest of the page is inert while it is open (no focus, no clicks, hidden from
 *   assistive technology), except the toasts, which must stay readable above it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

/** Long enough for the slide-out transition (duration-300) before unmounting. */
const EXIT_MS = 320;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

// useLayoutEffect warns on the server; the drawer never renders there open anyway.
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Pinned below the scrolling body (totals, primary actions). */
  footer?: React.ReactNode;
  children?: React.ReactNode;
  /** Focused on open instead of the first focusable element. */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  /** "tall": about 85% of the viewport (the cart); "fit": as high as its content, up to that. */
  size?: "tall" | "fit";
  className?: string;
  "data-testid"?: string;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[inert]") && el.getClientRects().length > 0,
  );
}

/** Makes everything outside `keep` inert; returns the undo. Toasts stay live. */
function makeOutsideInert(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement) || child === keep || child.inert) continue;
    if (child.matches("script, style, link")) continue;
    // sonner's toast region marks itself as a top layer; keep it live above the drawer.
    if (
      child.matches("[data-react-aria-top-layer]") ||
      child.querySelector("[data-react-aria-top-layer]")
    )
      continue;
    child.inert = true;
    changed.push(child);
  }
  return () => changed.forEach((el) => (el.inert = false));
}

function lockScroll(): () => void {
  const { documentElement: html, body } = document;
  const scrollbar = window.innerWidth - html.clientWidth;
  const previous = { overflow: html.style.overflow, paddingRight: body.style.paddingRight };
  html.style.overflow = "hidden";
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  return () => {
    html.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}

export function Drawer({
  open,
  onClose,
  title,
  description,
  footer,
  children,
  initialFocusRef,
  size = "tall",
  className,
  "data-testid": testId,
}: DrawerProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  if (open && !mounted) setMounted(true);

  // One container per drawer, directly under <body>, so it can stay outside the inert page.
  useIsomorphicLayoutEffect(() => {
    if (!mounted) return;
    const node = document.createElement("div");
    node.dataset.drawerRoot = "";
    document.body.appendChild(node);
    setPortal(node);
    return () => {
      node.remove();
      setPortal(null);
    };
  }, [mounted]);

  // Slide in on the frame after mounting; slide out, then unmount.
  useEffect(() => {
    if (!mounted) return;
    if (open) {
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), EXIT_MS);
    return () => clearTimeout(timer);
  }, [open, mounted]);

  // While open: focus inside, the page inert and unscrollable, Escape and Tab handled.
  useEffect(() => {
    if (!open || !portal) return;
    const panel = panelRef.current;
    if (!panel) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const undoInert = makeOutsideInert(portal);
    const unlockScroll = lockScroll();
    (initialFocusRef?.current ?? focusables(panel)[0] ?? panel).focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      undoInert();
      unlockScroll();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [open, portal, initialFocusRef]);

  if (!mounted || !portal) return null;

  return createPortal(
    <div className="fixed inset-0 z-[60]" data-state={shown ? "open" : "closed"}>
      <div
        aria-hidden
        onClick={onClose}
        className={cn(
          "absolute inset-0 bg-background/75 backdrop-blur-sm transition-opacity duration-300",
          shown ? "opacity-100" : "opacity-0",
        )}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={cn(
          "absolute inset-x-0 bottom-0 mx-auto flex max-h-[85dvh] max-w-2xl flex-col overflow-hidden rounded-t-[1.75rem] border border-b-0 border-border/80 bg-card shadow-[0_-24px_80px_-20px_rgb(0_0_0/0.8)] outline-none transition-transform duration-300 ease-out",
          shown ? "translate-y-0" : "translate-y-full",
          size === "tall" && "h-[85dvh]",
          className,
        )}
      >
        <div aria-hidden className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-border" />
        <div className="flex shrink-0 items-start justify-between gap-4 border-b border-border/60 px-6 pb-5 pt-4 sm:px-8">
          <div className="min-w-0">
            <h2 id={titleId} className="text-2xl leading-tight text-foreground sm:text-3xl">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1.5 text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-5 sm:px-8">
          {children}
        </div>
        {footer ? (
          <div className="shrink-0 border-t border-border/60 bg-background/40 px-6 pb-[max(1.25rem,env(safe-area-inset-bottom))] pt-5 sm:px-8">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    portal,
  );
}
