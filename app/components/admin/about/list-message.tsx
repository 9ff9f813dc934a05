import { AlertCircle } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * Stands in for a list with nothing to show: its empty message, or (`failed`) why it
 * could not be read, announced at once.
 */
export function ListMessage({
  failed = false,
  children,
}: {
  failed?: boolean;
  children: React.ReactNode;
}) {
  return (
    <p
      role={failed ? "alert" : undefined}
      className={cn(
        "flex items-center justify-center gap-2 rounded-2xl border border-dashed px-6 py-10 text-center text-sm",
        failed
          ? "border-destructive/50 bg-destructive/10 text-destructive"
          : "border-border/70 text-muted-foreground",
      )}
    >
      {failed && <AlertCircle aria-hidden className="size-4 shrink-0" />}
      {children}
    </p>
  );
}
