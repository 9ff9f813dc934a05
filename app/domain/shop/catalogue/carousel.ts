/**
 * The featured carousel shows 1, 2, 3 or 4 slides per view by width (public-site
 * spec §9): 1 below md, 2 from md, 3 from lg, 4 from xl (Tailwind's breakpoints).
 */
export const CAROUSEL_SLIDES_PER_VIEW = [
  { minWidth: 1280, slides: 4 },
  { minWidth: 1024, slides: 3 },
  { minWidth: 768, slides: 2 },
  { minWidth: 0, slides: 1 },
] as const;

export function slidesPerView(viewportWidth: number): number {
  return CAROUSEL_SLIDES_PER_VIEW.find((step) => viewportWidth >= step.minWidth)?.slides ?? 1;
}

/**
 * The `sizes` of a slide's image: a share of the content width per breakpoint, so the
 * browser picks the right file before layout. `maxContentWidth` caps it (the page's
 * container).
 */
export function slideImageSizes(maxContentWidth = 1152): string {
  return CAROUSEL_SLIDES_PER_VIEW.map(({ minWidth, slides }) => {
    const share = Math.round(100 / slides);
    const cap = Math.ceil(maxContentWidth / slides);
    return minWidth > 0 ? `(min-width: ${minWidth}px) min(${share}vw, ${cap}px)` : `${share}vw`;
  }).join(", ");
}

/** Whether looping and the arrows make sense: more slides than fit in one view. */
export function carouselCanScroll(slideCount: number, viewportWidth: number): boolean {
  return slideCount > slidesPerView(viewportWidth);
}

/**
 * Hides the arrows, in CSS, at the widths where every slide already fits in view. The
 * server HTML is then right at every width: no arrows that show on load and vanish once
 * the carousel's code has measured. (Class names written out whole, for Tailwind.)
 */
export function carouselArrowsHiddenClass(slideCount: number): string {
  if (slideCount <= 1) return "invisible";
  if (slideCount <= 2) return "md:invisible";
  if (slideCount <= 3) return "lg:invisible";
  if (slideCount <= 4) return "xl:invisible";
  return "";
}
