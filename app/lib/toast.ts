import { useEffect } from "react";
import { toast } from "sonner";

/** A toast as loaders and actions return it; `id` makes a repeat of the same words show again. */
export interface ToastMessage {
  id: string;
  type: "success" | "error";
  title: string;
  description?: string;
}

export function showToast(message: ToastMessage) {
  const show = message.type === "error" ? toast.error : toast.success;
  show(message.title, { id: message.id, description: message.description });
}

/** Shows the toast once each time a new one arrives from the server. */
export function useToastMessage(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
