/**
 * The frame of every live preview in the back office: a "Live preview" heading and the
 * public page's own sections inside, inert (their links and buttons must not lead away
 * from unsaved work). Used by the page-content editor and by the list screens whose
 * rows show on a public page (featured videos, photo gallery).
 */
import { useId } from "react";
import { cn } from "~/lib/cn";

export function LivePreview({
  className,
  note = "Shows your changes before you save them.",
  children,
}: {
  className?: string;
  /** The line beside the heading: what the preview follows. */
  note?: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("min-w-0 space-y-3", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl">
          Live preview
        </h2>
        <p className="text-xs text-muted-foreground">{note}</p>
      </div>
      <div
        inert
        className="overflow-hidden rounded-2xl border border-border/70 bg-background shadow-xl shadow-black/20"
      >
        {children}
      </div>
    </section>
  );
}
