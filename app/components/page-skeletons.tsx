import { cn } from "~/lib/cn";

/**
 * Loading skeletons for client-side navigations (spec §2: "A loading skeleton shows
 * while page text loads"). The public layout shows the one for the page being opened.
 */

function Bone({ className }: { className?: string }) {
  return <div className={cn("animate-pulse rounded-xl bg-muted/80", className)} />;
}

function HeroBones({ tall = false }: { tall?: boolean }) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-end gap-5 border-b border-border/40 px-5 pb-16",
        tall ? "min-h-[100svh] items-start pb-24 sm:mx-auto sm:max-w-6xl" : "pt-40",
      )}
    >
      <Bone className="h-3 w-40" />
      <Bone className={cn("h-12 w-3/4 max-w-xl", tall && "h-20 max-w-3xl")} />
      <Bone className="h-4 w-2/3 max-w-lg" />
      <Bone className="h-4 w-1/2 max-w-md" />
      {tall && <Bone className="mt-6 h-13 w-44 rounded-full" />}
    </div>
  );
}

function CardGridBones({ columns = 2, count = 4 }: { columns?: 2 | 3; count?: number }) {
  return (
    <div
      className={cn(
        "mx-auto grid max-w-6xl gap-6 px-5 py-16 sm:px-8",
        columns === 2 ? "md:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-3",
      )}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-border/50 bg-card">
          <Bone className="aspect-[2/1] rounded-none" />
          <div className="space-y-3 p-6">
            <Bone className="h-3 w-16" />
            <Bone className="h-6 w-3/4" />
            <Bone className="h-3 w-1/2" />
            <Bone className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

function MasonryBones() {
  const heights = ["h-64", "h-44", "h-80", "h-52", "h-72", "h-48"];
  return (
    <div className="mx-auto max-w-6xl columns-1 gap-6 px-5 py-16 sm:columns-2 sm:px-8 lg:columns-3">
      {heights.map((h, i) => (
        <Bone key={i} className={cn("mb-6 w-full break-inside-avoid", h)} />
      ))}
    </div>
  );
}

function TwoColumnBones() {
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-2">
      <div className="space-y-4">
        {Array.from({ length: 7 }, (_, i) => (
          <Bone key={i} className={cn("h-4", i % 3 === 2 ? "w-2/3" : "w-full")} />
        ))}
      </div>
      <Bone className="aspect-[4/5] w-full" />
    </div>
  );
}

export type SkeletonKind = "home" | "events" | "media" | "about" | "contact" | "page";

export function skeletonKindFor(pathname: string): SkeletonKind {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/" || path === "/home") return "home";
  if (path === "/events") return "events";
  if (path === "/media" || path === "/loe" || path === "/shop") return "media";
  if (path === "/about") return "about";
  if (path === "/contact") return "contact";
  return "page";
}

export function PageSkeleton({ pathname }: { pathname: string }) {
  const kind = skeletonKindFor(pathname);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="page-skeleton"
      className="animate-fade-in [--fade-duration:0.3s]"
    >
      <span className="sr-only">Loading page…</span>
      <HeroBones tall={kind === "home"} />
      {kind === "home" || kind === "events" ? (
        <CardGridBones />
      ) : kind === "media" ? (
        <MasonryBones />
      ) : (
        <TwoColumnBones />
      )}
    </div>
  );
}
