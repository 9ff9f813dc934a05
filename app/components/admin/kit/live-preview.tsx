/**
 * The frame of every live preview in the back office: a "Live preview" heading and the
 * public page's own sections inside, inert (their links and buttons must not lead away
 * from unsaved work). Used by the page-content editor and by the list screens whose
 * rows show on a public page (featured videos, photo gallery).
 *
 * `collapsibleOnPhone`: on a phone the preview starts folded behind a "Show preview"
 * button (a screen of many sections would otherwise be mostly previews there); from the
 * sm breakpoint up it is always shown.
 */
import { useId, useState } from "react";
import { ChevronDown } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export function LivePreview({
  className,
  note = "Shows your changes before you save them.",
  collapsibleOnPhone = false,
  children,
}: {
  className?: string;
  /** The line beside the heading: what the preview follows. */
  note?: string;
  collapsibleOnPhone?: boolean;
  children: React.ReactNode;
}) {
  const headingId = useId();
  const boxId = useId();
  const [open, setOpen] = useState(false);
  const folded = collapsibleOnPhone && !open;
  return (
    <section aria-labelledby={headingId} className={cn("min-w-0 space-y-3", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl">
          Live preview
        </h2>
        <p className="text-xs text-muted-foreground">{note}</p>
        {collapsibleOnPhone && (
          <Button
            size="sm"
            variant="outline"
            className="w-full sm:hidden"
            aria-expanded={open}
            aria-controls={boxId}
            onClick={() => setOpen(!open)}
          >
            {open ? "Hide preview" : "Show preview"}
            <ChevronDown
              aria-hidden
              className={cn("transition-transform duration-200", open && "rotate-180")}
            />
          </Button>
        )}
      </div>
      <div
        inert
        id={boxId}
        className={cn(
          "overflow-hidden rounded-2xl border border-border/70 bg-background shadow-xl shadow-black/20",
          folded && "max-sm:hidden",
        )}
      >
        {children}
      </div>
    </section>
  );
}
