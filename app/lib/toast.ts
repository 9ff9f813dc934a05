import { useEffect } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";
import type { ToastMessage } from "~/domain/core/toast";

/**
 * Toasts, with sonner loaded only when the first one is shown. Pages show a toast after
 * something the visitor did (or a redirect), so the ~10 KB toast library stays out of
 * the JavaScript every page needs before it can be used. Same calls as sonner's `toast`.
 */
type Sonner = typeof sonnerToast;

let sonner: Promise<Sonner> | undefined;
let toasterWanted = false;
let toasterIsReady = false;
const toasterListeners = new Set<() => void>();
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => (markToasterMounted = resolve));

/**
 * The Toaster (components/ui/toaster.tsx) loads and renders sonner's when asked. It is
 * asked again with every toast until sonner's Toaster listens, so a load that failed
 * (a dropped connection, a new deploy) is tried again by the next toast.
 */
export function onToasterWanted(listener: () => void): () => void {
  if (toasterWanted && !toasterIsReady) listener();
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/** Called by sonner's Toaster once it listens: toasts sent before then would be lost. */
export function toasterReady() {
  toasterIsReady = true;
  markToasterMounted();
}

function deliver(show: (toast: Sonner) => void) {
  if (typeof window === "undefined") return;
  toasterWanted = true;
  if (!toasterIsReady) for (const listener of toasterListeners) listener();
  sonner ??= import("sonner")
    .then((module) => module.toast)
    .catch((error: unknown) => {
      sonner = undefined; // the next toast tries again
      throw error;
    });
  // Without the toast code this toast is lost, but the page stays as it is.
  Promise.all([sonner, toasterMounted]).then(
    ([toast]) => show(toast),
    () => {},
  );
}

type Message = Parameters<Sonner>[0];

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => deliver((t) => t(message, options)),
  {
    success: (message: Message, options?: ExternalToast) =>
      deliver((t) => t.success(message, options)),
    error: (message: Message, options?: ExternalToast) => deliver((t) => t.error(message, options)),
    warning: (message: Message, options?: ExternalToast) =>
      deliver((t) => t.warning(message, options)),
  },
);

// The browser code that shows a server's toast imports its type from here, with the hook.
export type { ToastMessage };

export function showToast(message: ToastMessage) {
  const show = { success: toast.success, warning: toast.warning, error: toast.error }[message.type];
  show(message.title, {
    id: message.id,
    description: message.description,
    duration: message.durationMs,
  });
}

// Answers already shown: one answer can reach the screen by two ways (the form that
// sent it, and the admin frame's watch on every save; see kit/fetcher-toasts.ts).
const shownAnswers = new WeakSet<ToastMessage>();

/** Shows this answer's toast unless it has been shown already. */
export function showToastOnce(message: ToastMessage) {
  if (shownAnswers.has(message)) return;
  shownAnswers.add(message);
  showToast(message);
}

/** Shows the toast once each time a new one arrives from the server. */
export function useToastMessage(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToastOnce(message);
  }, [message]);
}
