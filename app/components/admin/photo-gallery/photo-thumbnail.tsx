import { useState } from "react";
import { ImageOff } from "lucide-react";
import { variantUrl } from "~/domain/media/image-variants";
import { cn } from "~/lib/cn";

/**
 * Calls `onBroken` for a picture that had already failed when React took over the
 * server's HTML (its error event came before there was a handler to hear it).
 */
export function reportBrokenOnMount(onBroken: () => void) {
  return (img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) onBroken();
  };
}

/**
 * A small picture beside a row's title (which names the row, so it is decorative): the
 * smallest stored variant of one of our images, else the image itself; an icon when
 * neither loads.
 */
export function PhotoThumbnail({ src, className }: { src: string; className?: string }) {
  const small = variantUrl(src, 480, "webp");
  const [attempt, setAttempt] = useState<"small" | "original" | "failed">(
    small ? "small" : "original",
  );
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border/70 bg-muted text-muted-foreground",
        className,
      )}
    >
      {attempt === "failed" ? (
        <ImageOff aria-hidden className="size-4" />
      ) : (
        <img
          key={attempt}
          src={attempt === "small" && small ? small : src}
          alt=""
          loading="lazy"
          decoding="async"
          ref={reportBrokenOnMount(() => setAttempt(attempt === "small" ? "original" : "failed"))}
          onError={() => setAttempt(attempt === "small" ? "original" : "failed")}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
