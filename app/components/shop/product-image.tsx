import { cn } from "~/lib/cn";

export interface ProductImageProps {
  src: string;
  alt: string;
  /** Above the fold: load now, with high priority. */
  priority?: boolean;
  sizes?: string;
  className?: string;
}

/**
 * A square product shot. Its box is square before the picture arrives, so nothing
 * shifts; below the fold it loads lazily.
 */
export function ProductImage({ src, alt, priority = false, className }: ProductImageProps) {
  return (
    <span className={cn("relative block aspect-square overflow-hidden bg-muted", className)}>
      <img
        src={src}
        alt={alt}
        width={800}
        height={800}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
      />
    </span>
  );
}
