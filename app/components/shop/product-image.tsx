import { SmartImage } from "~/components/smart-image";
import { cn } from "~/lib/cn";

/** A product shot's width in the catalogue grid: 1, 2 or 3 columns of the page container. */
export const GRID_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw";

export interface ProductImageProps {
  src: string;
  alt: string;
  /** Above the fold: load now, with high priority. */
  priority?: boolean;
  /** The rendered width per breakpoint, for the browser's pick of a variant. */
  sizes?: string;
  className?: string;
}

/**
 * A square product shot. Its box is square before the picture arrives, so nothing
 * shifts; below the fold it loads lazily, retries, and shows "Image unavailable" with a
 * Retry button when it cannot load (SmartImage).
 */
export function ProductImage({
  src,
  alt,
  priority = false,
  sizes = GRID_IMAGE_SIZES,
  className,
}: ProductImageProps) {
  return (
    <SmartImage
      src={src}
      alt={alt}
      width={800}
      height={800}
      aspectRatio="1 / 1"
      sizes={sizes}
      priority={priority}
      className={cn("block", className)}
      imgClassName="transition-transform duration-500 group-hover:scale-[1.04]"
    />
  );
}
