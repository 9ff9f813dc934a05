import { useCallback, useEffect, useRef, useState } from "react";
import type EmblaCarousel from "embla-carousel";
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";

export type CarouselAction = (api: EmblaCarouselType) => void;

/**
 * Browsers remember a failed dynamic import of a URL and fail every later import of
 * it without asking the server again. So after a failure the next try asks for the
 * same chunk under a new query string: the URL comes from the browser's error
 * ("Failed to fetch dynamically imported module: <url>"). Where the error names no
 * URL, the plain import is tried again.
 */
let failedChunkUrl: string | null = null;
let retries = 0;

export function chunkUrlFromImportError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s"']+?\.js)(?:\?[^\s"']*)?/.exec(message);
  return match?.[1] ?? null;
}

function rememberFailedChunk(error: unknown) {
  failedChunkUrl = chunkUrlFromImportError(error) ?? failedChunkUrl;
}

function loadEmbla(): Promise<{ default: typeof EmblaCarousel }> {
  if (failedChunkUrl) {
    retries += 1;
    return import(/* @vite-ignore */ `${failedChunkUrl}?retry=${retries}`);
  }
  return import("embla-carousel");
}

/**
 * Holds the actions asked of an object that is still loading: one asked before it has
 * arrived runs when it arrives (the latest wins), one asked after runs at once. It is
 * read through this holder and not through React state, because a press can land
 * after Embla has arrived but before React has rendered with it, and must not be lost.
 */
export function createActionQueue<T>() {
  let target: T | null = null;
  let pending: ((target: T) => void) | null = null;
  return {
    /** Runs `action` now, or when the target arrives; tells which. */
    run(action: (target: T) => void): "ran" | "queued" {
      if (target !== null) {
        action(target);
        return "ran";
      }
      pending = action;
      return "queued";
    },
    attach(next: T) {
      target = next;
      const action = pending;
      pending = null;
      action?.(next);
    },
    detach() {
      target = null;
    },
  };
}

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
  const [queue] = useState(() => createActionQueue<EmblaCarouselType>());
  const optionsRef = useRef(options);

  useEffect(() => {
    if (!wanted || !viewport) return;
    let live = true;
    let instance: EmblaCarouselType | undefined;
    loadEmbla().then(
      ({ default: EmblaCarousel }) => {
        if (!live) return;
        instance = EmblaCarousel(viewport, optionsRef.current);
        setApi(instance);
        queue.attach(instance);
      },
      // Not loaded (a dropped connection): the carousel stays as it is, and the
      // visitor's next reach for it tries again.
      (error: unknown) => {
        rememberFailedChunk(error);
        if (live) setWanted(false);
      },
    );
    return () => {
      live = false;
      queue.detach();
      instance?.destroy();
    };
  }, [wanted, viewport, queue]);

  const activate = useCallback(() => setWanted(true), []);
  const run = useCallback(
    (action: CarouselAction) => {
      if (queue.run(action) === "queued") setWanted(true);
    },
    [queue],
  );
  return { viewportRef: setViewport, api, activate, run };
}
