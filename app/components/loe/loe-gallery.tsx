import { useState } from "react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import type { LoeImage, SectionResult } from "~/domain/content/loe/loe-page";
import {
  MOSAIC_COLUMNS,
  MOSAIC_HEIGHT_ESTIMATES,
  aspectClass,
  aspectRatioValue,
  balanceMosaic,
  cssAspectRatio,
  galleryAspectRatio,
  isEagerImage,
  visualWeight,
} from "~/domain/content/photos/gallery-layout";
import { SmartImage } from "~/components/smart-image";
import { SectionHeading, SectionMessage } from "./section";

export interface LoeGalleryProps {
  result: SectionResult<LoeImage[]>;
  onRetry?: () => void;
}

export function LoeGallery({ result, onRetry }: LoeGalleryProps) {
  return (
    <section aria-labelledby="loe-gallery-title" className="py-16 sm:py-24">
      <SectionHeading eyebrow="See" title="Photo Gallery" id="loe-gallery-title" />
      {!result.ok ? (
        <GalleryError onRetry={onRetry} />
      ) : result.data.length === 0 ? (
        <SectionMessage>No images available</SectionMessage>
      ) : (
        <Mosaic images={result.data} />
      )}
    </section>
  );
}

export function GalleryError({ onRetry }: { onRetry?: () => void }) {
  return (
    <SectionMessage tone="error" title="LOE Gallery Error" onRetry={onRetry}>
      There was an issue loading the LOE gallery. Please try again.
    </SectionMessage>
  );
}

/**
 * The mosaic is laid out on the server, so it arrives finished and never shifts:
 * three columns balanced by the weight height estimates (each tile is that high). Narrower screens reflow
 * the same tiles with CSS alone: the column wrappers dissolve (display: contents)
 * and the tiles flow through two CSS columns up to 768 px, and one up to 480 px.
 */
function Mosaic({ images }: { images: LoeImage[] }) {
  // `images` arrive in gallery order; the first six load eagerly.
  const position = new Map(images.map((image, i) => [image.id, i]));
  const columns = balanceMosaic(images, MOSAIC_COLUMNS);
  return (
    <div
      data-testid="loe-mosaic"
      className="columns-1 gap-4 min-[481px]:columns-2 min-[769px]:flex min-[769px]:items-start min-[769px]:gap-6"
    >
      {columns.map((column, c) => (
        <div
          key={c}
          className="contents min-[769px]:flex min-[769px]:min-w-0 min-[769px]:flex-1 min-[769px]:flex-col min-[769px]:gap-6"
        >
          {column.map((image) => (
            // Each tile hydrates on its own, in a short task (issue 28).
            <HydrateLater key={image.id}>
              <GalleryTile image={image} eager={isEagerImage(position.get(image.id) ?? 99)} />
            </HydrateLater>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The gallery is the page's third section: its first tiles load at once, never first. */
function GalleryTile({ image, eager }: { image: LoeImage; eager: boolean }) {
  // A failed picture shows "Image unavailable" and Retry; the caption then only
  // speaks to screen readers, so the two never overlap.
  const [failed, setFailed] = useState(false);
  const ratio = galleryAspectRatio(image);
  // One column (phones): the picture's own proportions. Two and three columns: the
  // weight's height, the same numbers the balancing used, so the columns really end
  // level.
  const size = {
    "--tile-ratio": cssAspectRatio(ratio),
    "--tile-height": `${MOSAIC_HEIGHT_ESTIMATES[visualWeight(image.visualWeight)]}px`,
  } as React.CSSProperties;
  return (
    <figure
      data-aspect={aspectClass(aspectRatioValue(ratio))}
      style={size}
      className="group relative mb-4 aspect-(--tile-ratio) break-inside-avoid overflow-hidden rounded-2xl border border-border/60 bg-card min-[481px]:aspect-auto min-[481px]:h-(--tile-height) min-[769px]:mb-0"
    >
      <SmartImage
        src={image.imageUrl}
        alt={image.altText}
        width={image.width}
        height={image.height}
        fill
        sizes="(min-width: 1152px) 360px, (min-width: 769px) 31vw, (min-width: 481px) 50vw, 100vw"
        eager={eager}
        imgClassName="transition-transform duration-700 group-hover:scale-[1.03]"
        onStateChange={(state) => setFailed(state === "failed")}
      />
      {(image.title || image.caption) && (
        <figcaption
          className={
            failed
              ? "sr-only"
              : "pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-background/95 via-background/60 to-transparent p-4 pt-12"
          }
        >
          <span className="block font-display text-lg leading-snug">{image.title}</span>
          {image.caption && (
            <span className="mt-1 block text-sm text-foreground/75">{image.caption}</span>
          )}
        </figcaption>
      )}
    </figure>
  );
}
