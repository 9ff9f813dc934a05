/**
 * The looping featured carousel: 1, 2, 3 or 4 slides per view by width, at most 2 tags
 * per item, previous/next buttons and the arrow keys. The slide widths are CSS, so the
 * server HTML already has the final layout; Embla adds the motion, loaded when the
 * visitor first reaches for the carousel (lib/use-lazy-carousel.ts).
 */
import { useCallback, useEffect, useId, useState } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { carouselArrowsHiddenClass, slideImageSizes } from "~/domain/shop/catalogue/carousel";
import { featuredTags } from "~/domain/shop/catalogue/product";
import { cn } from "~/lib/cn";
import { useLazyCarousel } from "~/lib/use-lazy-carousel";
import { BuyButton, ProductPrice, StockNote } from "./product-card";
import type { ShopProduct } from "./shop-product";
import { categoryLabel } from "./labels";
import { ProductImage } from "./product-image";

export interface FeaturedCarouselProps {
  title: string;
  description?: string | null;
  items: ShopProduct[];
}

const arrowButton =
  "inline-flex size-11 items-center justify-center rounded-full border border-border bg-card/80 text-foreground transition-colors hover:border-primary hover:text-primary disabled:pointer-events-none disabled:opacity-30";

export function FeaturedCarousel({ title, description, items }: FeaturedCarouselProps) {
  const headingId = useId();
  // Embla drops the loop by itself when every slide already fits in view.
  const {
    viewportRef,
    api: embla,
    activate,
    run,
  } = useLazyCarousel({
    loop: true,
    align: "start",
  });
  const [selected, setSelected] = useState(0);

  const update = useCallback(() => {
    if (!embla) return;
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on("select", update).on("reInit", update).on("resize", update);
    return () => {
      embla.off("select", update).off("reInit", update).off("resize", update);
    };
  }, [embla, update]);

  // Embla gives up its own loop when the slides are too few to wrap smoothly (4 slides,
  // 3 in view); the ends then wrap here, so the carousel always loops as the spec says.
  const previous = useCallback(
    () =>
      run((api) =>
        api.canScrollPrev() ? api.scrollPrev() : api.scrollTo(api.scrollSnapList().length - 1),
      ),
    [run],
  );
  const next = useCallback(
    () => run((api) => (api.canScrollNext() ? api.scrollNext() : api.scrollTo(0))),
    [run],
  );

  if (items.length === 0) return null;

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      className="py-16 sm:py-20"
      data-testid="featured"
      onPointerEnter={activate}
      onTouchStart={activate}
      onFocus={activate}
    >
      <div className="mx-auto w-full max-w-6xl px-5 sm:px-8">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold uppercase tracking-[0.3em] text-primary">
              In the spotlight
            </p>
            <h2 id={headingId} className="mt-3 text-3xl sm:text-4xl">
              {title}
            </h2>
            {description && <p className="mt-3 text-muted-foreground">{description}</p>}
          </div>
          <div className={cn("flex gap-2", carouselArrowsHiddenClass(items.length))}>
            <button
              type="button"
              className={arrowButton}
              onClick={previous}
              aria-label="Previous featured items"
              aria-controls={`${headingId}-track`}
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              className={arrowButton}
              onClick={next}
              aria-label="Next featured items"
              aria-controls={`${headingId}-track`}
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </div>
        </div>

        <div
          onKeyDown={(event) => {
            if (event.key === "ArrowLeft") {
              event.preventDefault();
              previous();
            } else if (event.key === "ArrowRight") {
              event.preventDefault();
              next();
            }
          }}
          className="mt-10"
        >
          <div ref={viewportRef} className="-mx-3 overflow-hidden px-0 py-1">
            {/* One slide in view on a phone: each keeps its own height there, or a short
                card would stretch to the tallest one's with an empty band inside. Side by
                side (md up) they line up. */}
            <div
              id={`${headingId}-track`}
              className="flex touch-pan-y items-start md:items-stretch"
            >
              {items.map((item, index) => (
                <div
                  key={item.product.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${items.length}`}
                  aria-current={index === selected ? "true" : undefined}
                  className="min-w-0 shrink-0 grow-0 basis-full px-3 md:basis-1/2 lg:basis-1/3 xl:basis-1/4"
                  data-testid="featured-item"
                >
                  <FeaturedSlide item={item} priority={index === 0} />
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function FeaturedSlide({ item, priority }: { item: ShopProduct; priority: boolean }) {
  const { product } = item;
  const titleId = useId();
  const tags = featuredTags(product);
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-3xl border border-primary/25 bg-gradient-to-b from-primary/[0.07] to-card shadow-lg shadow-black/20 md:h-full"
    >
      <div className="relative">
        <ProductImage
          src={product.image}
          alt={product.title}
          priority={priority}
          sizes={slideImageSizes()}
        />
        {tags.length > 0 && (
          <ul className="absolute inset-x-3 bottom-3 flex flex-wrap gap-1.5" aria-label="Tags">
            {tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-background/85 px-2.5 py-1 text-[11px] font-semibold uppercase tracking-wider text-primary ring-1 ring-primary/30 backdrop-blur"
                data-testid="featured-tag"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted-foreground">
          {categoryLabel(product.sourceCategory)}
        </p>
        <h3 id={titleId} className="mt-2 text-lg leading-snug text-foreground">
          {product.title}
        </h3>
        <div className="mt-auto flex items-end justify-between gap-3 pt-4">
          <ProductPrice product={product} className="text-xl" />
          <StockNote product={product} />
        </div>
        <BuyButton item={item} describedBy={titleId} className="mt-4 w-full" />
      </div>
    </article>
  );
}
