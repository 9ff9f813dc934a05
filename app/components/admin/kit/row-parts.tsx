/** Pieces of a table row that several collection screens show: a thumbnail beside a title, an empty cell. */
import { cn } from "~/lib/cn";

/** A small picture beside a row's title; the title names the row, so it is decorative. */
export function Thumbnail({
  src,
  className,
  fallback,
}: {
  src: string | null | undefined;
  className?: string;
  fallback: React.ReactNode;
}) {
  const box = cn(
    "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border/60 bg-muted text-muted-foreground",
    className,
  );
  if (!src) return <span className={box}>{fallback}</span>;
  return (
    <span className={box}>
      {/* Addresses may point at other hosts: they learn nothing about the back office. */}
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="size-full object-cover"
      />
    </span>
  );
}

/** A row's title with an optional thumbnail before it and a line (or more) under it. */
export function TitleCell({
  title,
  thumbnail,
  className,
  children,
}: {
  title: React.ReactNode;
  thumbnail?: React.ReactNode;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      {thumbnail}
      <div className="min-w-0">
        <p className="font-medium break-words text-foreground">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** A muted dash for an empty cell. */
export function Empty() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}
