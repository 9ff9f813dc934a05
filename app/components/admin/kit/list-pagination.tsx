/**
 * Previous / Next for a long admin list whose page lives in the address (?page=),
 * so it works without JavaScript and a page can be bookmarked.
 */
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export interface ListPaginationProps {
  page: number;
  pageCount: number;
  /** "3 messages": what the list holds, for the summary. */
  summary: string;
  /** The list's name, for the navigation's label ("Pages of messages"). */
  label: string;
  hrefFor: (page: number) => string;
}

export function ListPagination({ page, pageCount, summary, label, hrefFor }: ListPaginationProps) {
  const link = cn(buttonVariants({ variant: "ghost", size: "sm" }));
  const off = cn(link, "pointer-events-none opacity-40");
  return (
    <nav
      aria-label={label}
      className="flex flex-col items-center justify-between gap-3 text-sm text-muted-foreground sm:flex-row"
    >
      <p aria-live="polite">
        {summary} · Page {page} of {pageCount}
      </p>
      {pageCount > 1 && (
        <div className="flex gap-2">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={link} rel="prev">
              <ChevronLeft aria-hidden /> Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={off}>
              <ChevronLeft aria-hidden /> Previous
            </span>
          )}
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={link} rel="next">
              Next <ChevronRight aria-hidden />
            </Link>
          ) : (
            <span aria-disabled="true" className={off}>
              Next <ChevronRight aria-hidden />
            </span>
          )}
        </div>
      )}
    </nav>
  );
}
