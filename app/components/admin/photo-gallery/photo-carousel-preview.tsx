/**
 * The home editor's preview carousel (admin spec §2 "Manage Home Page"): up to 5
 * featured, active photos with previous/next arrows, dots and the photo's title as
 * its caption; a stock picture stands in for a photo that fails to load. Arrow keys
 * move it too while the focus is inside.
 */
import { useId, useState } from "react";
import { ChevronLeft, ChevronRight, ImageOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { variantUrl } from "~/domain/media/image-variants";
import { cn } from "~/lib/cn";
import { carouselPhotos, clampIndex, stepIndex } from "./carousel-index";
import { reportBrokenOnMount } from "./photo-thumbnail";

/** The stock picture shown in place of a photo that cannot be loaded. */
export const STOCK_PHOTO_URL = "/images/hero-default.jpg";

export interface CarouselPhoto {
  id: string;
  title: string;
  altText: string;
  imageUrl: string;
  isActive?: boolean;
  isFeatured?: boolean;
}

export function PhotoCarouselPreview({
  photos,
  className,
}: {
  photos: readonly CarouselPhoto[];
  className?: string;
}) {
  const labelId = useId();
  const shown = carouselPhotos(photos);
  const [chosen, setChosen] = useState(0);
  const index = clampIndex(chosen, shown.length);
  const current = shown[index];
  const move = (step: number) => setChosen(stepIndex(index, step, shown.length));

  if (!current) {
    return (
      <p className="rounded-2xl border border-dashed border-border/70 px-6 py-10 text-center text-sm text-muted-foreground">
        No featured photos yet. Switch Featured on for a photo (and keep it Active) to show it on
        the home page.
      </p>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby={labelId}
      className={cn("space-y-4", className)}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
          event.preventDefault();
          move(event.key === "ArrowLeft" ? -1 : 1);
        }
      }}
    >
      <h3 id={labelId} className="sr-only">
        Featured photos
      </h3>
      <div className="relative overflow-hidden rounded-2xl border border-border/70 bg-muted shadow-xl shadow-black/30">
        <div className="relative aspect-[16/9]">
          {shown.map((photo, i) => (
            <figure
              key={photo.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${shown.length}`}
              aria-hidden={i !== index || undefined}
              inert={i !== index}
              className={cn(
                "absolute inset-0 m-0 transition-opacity duration-500",
                i === index ? "opacity-100" : "opacity-0",
              )}
            >
              <SlideImage key={photo.imageUrl} photo={photo} />
              <figcaption className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-background/95 via-background/60 to-transparent px-5 pb-4 pt-14 sm:px-6 sm:pb-5">
                <span className="block font-display text-lg text-foreground sm:text-2xl">
                  {photo.title}
                </span>
              </figcaption>
            </figure>
          ))}
          {shown.length > 1 && (
            <>
              <ArrowButton side="left" onClick={() => move(-1)} />
              <ArrowButton side="right" onClick={() => move(1)} />
            </>
          )}
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {`Photo ${index + 1} of ${shown.length}: ${current.title}`}
      </p>
      {shown.length > 1 && (
        <div className="flex items-center justify-center gap-1">
          {shown.map((photo, i) => (
            <button
              key={photo.id}
              type="button"
              aria-label={`Show photo ${i + 1}: ${photo.title}`}
              aria-current={i === index || undefined}
              onClick={() => setChosen(i)}
              className="group flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span
                aria-hidden
                className={cn(
                  "block h-2 rounded-full transition-all duration-300",
                  i === index
                    ? "w-6 bg-primary"
                    : "w-2 bg-muted-foreground/50 group-hover:bg-muted-foreground",
                )}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function ArrowButton({ side, onClick }: { side: "left" | "right"; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={side === "left" ? "Previous photo" : "Next photo"}
      onClick={onClick}
      className={cn(
        "absolute top-1/2 z-10 -translate-y-1/2 border border-border/70 bg-background/75 backdrop-blur hover:bg-background",
        side === "left" ? "left-3" : "right-3",
      )}
    >
      <Icon aria-hidden />
    </Button>
  );
}

/**
 * The photo: its 1200 px variant when we have one, else the file itself; the stock
 * picture when neither loads (with a note saying so).
 */
function SlideImage({ photo }: { photo: CarouselPhoto }) {
  const variant = variantUrl(photo.imageUrl, 1200, "webp");
  const attempts = [variant, photo.imageUrl, STOCK_PHOTO_URL].filter(
    (url): url is string => typeof url === "string",
  );
  const [attempt, setAttempt] = useState(0);
  const next = () => setAttempt((a) => (a < attempts.length - 1 ? a + 1 : a));
  const src = attempts[Math.min(attempt, attempts.length - 1)]!;
  const stock = src === STOCK_PHOTO_URL && photo.imageUrl !== STOCK_PHOTO_URL;
  return (
    <>
      <img
        key={src}
        src={src}
        alt={stock ? "" : photo.altText}
        decoding="async"
        ref={reportBrokenOnMount(next)}
        onError={next}
        className="absolute inset-0 size-full object-cover"
      />
      {stock && (
        <span className="absolute right-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-background/80 px-3 py-1 text-xs text-muted-foreground backdrop-blur">
          <ImageOff aria-hidden className="size-3.5" /> Photo unavailable: stock picture shown
        </span>
      )}
    </>
  );
}
