/** Small pieces the LOE tables share: the edit button, the Active/Hidden badge, a thumbnail. */
import { Pencil } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={onClick}>
      <Pencil aria-hidden />
    </Button>
  );
}

/** Spec §2: Status reads Active or Hidden. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Hidden</Badge>;
}

/** A small picture beside a row's title; the title names the row, so it is decorative. */
export function Thumbnail({
  src,
  className,
  fallback,
}: {
  src: string | null;
  className?: string;
  fallback: React.ReactNode;
}) {
  const box = cn(
    "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border/70 bg-muted text-muted-foreground",
    className,
  );
  if (!src) return <span className={box}>{fallback}</span>;
  return (
    <span className={box}>
      <img src={src} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
    </span>
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
