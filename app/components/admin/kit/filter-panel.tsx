/**
 * A list's filters that fold away on a phone (issue 26 item 7): below 640 px they sit
 * behind a "Filters" button (collapsed until pressed, saying how many are in use), so
 * the list itself is on the first screen; from 640 px they are always shown and the
 * button is not.
 */
import { useId, useState } from "react";
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export function FilterPanel({
  activeCount,
  children,
}: {
  /** Filters in use, said on the button: "Filters (2 active)". */
  activeCount: number;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div data-slot="filter-panel">
      <Button
        type="button"
        variant="outline"
        className="w-full justify-between sm:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden />
          Filters
          {activeCount > 0 && <span className="text-muted-foreground">({activeCount} active)</span>}
        </span>
        <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
      </Button>
      <div id={panelId} className={cn(open ? "max-sm:mt-3" : "max-sm:hidden")}>
        {children}
      </div>
    </div>
  );
}
