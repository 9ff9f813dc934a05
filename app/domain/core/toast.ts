/**
 * A toast as loaders and actions return it; `id` makes a repeat of the same words show
 * again. The server makes them, the browser shows them (`showToast` in lib/toast.ts).
 */
export interface ToastMessage {
  id: string;
  /** warning: done, with something to check (a saved address the server could not reach). */
  type: "success" | "warning" | "error";
  title: string;
  description?: string;
  /** How long it stays, when the spec says (the test-inventory toasts); sonner's default otherwise. */
  durationMs?: number;
}
