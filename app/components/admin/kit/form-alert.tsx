import { AlertCircle } from "lucide-react";
import { cn } from "~/lib/cn";
import type { ToastMessage } from "~/lib/toast";

/**
 * A failure shown inside a dialog. Toasts sit under a modal <dialog>'s backdrop (the
 * dialog is in the top layer), so a dialog that stays open repeats the message here.
 */
export function FormAlert({
  message,
  className,
}: {
  message: Pick<ToastMessage, "title" | "description"> | string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  const { title, description } =
    typeof message === "string" ? { title: message, description: undefined } : message;
  return (
    <div
      role="alert"
      data-slot="form-alert"
      className={cn(
        "flex gap-3 rounded-xl border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm text-destructive",
        className,
      )}
    >
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">{title}</span>
        {description ? <span className="block text-foreground/85">{description}</span> : null}
      </p>
    </div>
  );
}
