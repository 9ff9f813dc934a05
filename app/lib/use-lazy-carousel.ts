import { useCallback, useEffect, useRef, useState } from "react";
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";

export type CarouselAction = (api: EmblaCarouselType) => void;

/**
 * Embla, loaded when the visitor first reaches for the carousel (a pointer over it,
 * focus in it, a touch) instead of with the page: the slides' layout is CSS, so the
 * server HTML already shows them, and most visitors never move the carousel. An
 * action asked for before Embla has arrived (a button pressed at once) runs as soon
 * as it has.
 */
export function useLazyCarousel(options: EmblaOptionsType) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [wanted, setWanted] = useState(false);
  const pending = useRef<CarouselAction | null>(null);
  const optionsRef = useRef(options);

  useEffect(() => {
    if (!wanted || !viewport) return;
    let live = true;
    let instance: EmblaCarouselType | undefined;
    import("embla-carousel").then(
      ({ default: EmblaCarousel }) => {
        if (!live) return;
        instance = EmblaCarousel(viewport, optionsRef.current);
        setApi(instance);
        const action = pending.current;
        pending.current = null;
        action?.(instance);
      },
      // Not loaded (a dropped connection): the carousel stays as it is, and the
      // visitor's next reach for it tries again.
      () => {
        if (live) setWanted(false);
      },
    );
    return () => {
      live = false;
      instance?.destroy();
    };
  }, [wanted, viewport]);

  const activate = useCallback(() => setWanted(true), []);
  const run = useCallback(
    (action: CarouselAction) => {
      if (api) {
        action(api);
      } else {
        pending.current = action;
        setWanted(true);
      }
    },
    [api],
  );
  return { viewportRef: setViewport, api, activate, run };
}
