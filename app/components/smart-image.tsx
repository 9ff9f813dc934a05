/**
 * The one image component of the public site (public-site spec §4 "Images", §9).
 *
 * - Nothing shifts: the box has its aspect ratio (from width/height or `aspectRatio`)
 *   before the picture arrives, or fills its positioned parent (`fill`).
 * - `priority` images (the hero, the first gallery row) load eagerly with high
 *   fetch priority; `preload` also puts a <link rel=preload> in the document head.
 *   `eager` images load at once but at low priority, behind everything on the first
 *   screen (gallery tiles that may be below the fold).
 *   Every other image starts loading 50 px before it scrolls into view; without
 *   JavaScript the browser's own lazy loading takes over (a plain <noscript> <img>).
 * - Local images get AVIF and WebP variants at several widths through <picture>
 *   (the URL scheme is app/domain/media/image-variants.ts).
 * - A failed image retries by itself after 1 s and 2 s, then shows "Image unavailable"
 *   with a Retry button, and the failure goes to the errorLogs in local storage.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { ImageOff, RotateCcw } from "lucide-react";
import { LAZY_ROOT_MARGIN, nextRetryDelay } from "~/domain/media/image-loading";
import {
  VARIANT_CONTENT_TYPES,
  VARIANT_FORMATS,
  variantSrcSet,
  withRetryMarker,
} from "~/domain/media/image-variants";
import { logError } from "~/lib/error-log";
import { cn } from "~/lib/cn";

export type SmartImageState = "loading" | "loaded" | "failed";

export interface SmartImageProps {
  src: string;
  alt: string;
  /** Intrinsic size of the source: sets the box's aspect ratio and caps the srcset. */
  width?: number | null;
  height?: number | null;
  /** Overrides the aspect ratio from width/height, e.g. "4 / 3" or 1.5. */
  aspectRatio?: string | number;
  /** The image's rendered width, for the browser's pick from the srcset. */
  sizes?: string;
  /** Load now with high priority (above-the-fold images). */
  priority?: boolean;
  /** Load now, at low priority: ready when scrolled to, never ahead of the first screen. */
  eager?: boolean;
  /** Also announce the image in the document head; for the one LCP image of a page. */
  preload?: boolean;
  /** Cover the nearest positioned ancestor instead of keeping an aspect-ratio box. */
  fill?: boolean;
  fit?: "cover" | "contain";
  /** Classes for the box around the picture. */
  className?: string;
  /** Classes for the <img> itself (object position, hover zoom …). */
  imgClassName?: string;
  onStateChange?: (state: SmartImageState) => void;
}

/** The AVIF srcset the browser will most likely pick; what a preload should name. */
function preferredSrcSet(src: string, width?: number | null) {
  return variantSrcSet(src, VARIANT_FORMATS[0], width);
}

/**
 * Puts a high-priority preload for an image into the document head. Call it while
 * rendering (React hoists it into the server HTML); SmartImage calls it for you when
 * `preload` is set.
 */
export function preloadImage(src: string, options: { sizes?: string; width?: number | null } = {}) {
  const srcSet = preferredSrcSet(src, options.width);
  if (srcSet) {
    preload(src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: srcSet,
      imageSizes: options.sizes ?? "100vw",
      type: VARIANT_CONTENT_TYPES[VARIANT_FORMATS[0]],
    });
  } else {
    preload(src, { as: "image", fetchPriority: "high" });
  }
}

/**
 * The same preload as a route `meta` descriptor, for a route that knows its LCP image
 * from loader data but does not render it through SmartImage.
 */
export function imagePreloadMeta(
  src: string,
  options: { sizes?: string; width?: number | null } = {},
) {
  const srcSet = preferredSrcSet(src, options.width);
  return {
    tagName: "link" as const,
    rel: "preload",
    as: "image",
    href: src,
    fetchPriority: "high",
    ...(srcSet
      ? {
          imageSrcSet: srcSet,
          imageSizes: options.sizes ?? "100vw",
          type: VARIANT_CONTENT_TYPES[VARIANT_FORMATS[0]],
        }
      : {}),
  };
}

export function SmartImage({
  src,
  alt,
  width,
  height,
  aspectRatio,
  sizes = "100vw",
  priority = false,
  eager = false,
  preload: shouldPreload = false,
  fill = false,
  fit = "cover",
  className,
  imgClassName,
  onStateChange,
}: SmartImageProps) {
  const boxRef = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(priority || eager);
  const [state, setState] = useState<SmartImageState>("loading");
  // `attempt` renders a fresh <img> (and a cache-busted URL); `failures` counts this round.
  const [attempt, setAttempt] = useState(0);
  const failures = useRef(0);
  // Between a failure and its retry the broken <img> stays hidden (no broken-image icon).
  const [waitingToRetry, setWaitingToRetry] = useState(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  if (shouldPreload) preloadImage(src, { sizes, width });

  // The latest callback in a ref, so the handlers (and the <img> ref callback) keep
  // their identity across renders; a new ref callback would re-check a broken image
  // and count its failure again.
  const onStateChangeRef = useRef(onStateChange);
  useEffect(() => {
    onStateChangeRef.current = onStateChange;
  });
  const changeState = useCallback((next: SmartImageState) => {
    setState(next);
    onStateChangeRef.current?.(next);
  }, []);

  // A new source starts over (adjusting state while rendering, as React advises).
  const [currentSrc, setCurrentSrc] = useState(src);
  if (currentSrc !== src) {
    setCurrentSrc(src);
    setAttempt(0);
    setState("loading");
    setWaitingToRetry(false);
    failures.current = 0;
  }

  // A pending retry belongs to its source (and to a mounted component).
  useEffect(() => () => clearTimeout(retryTimer.current), [src]);

  // Start loading 50 px before the box scrolls into view.
  useEffect(() => {
    if (inView) return;
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [inView]);

  // Each <img> element counts once, whether its failure is seen by the ref check
  // after hydration or by the error event.
  const failedElements = useRef(new WeakSet<HTMLImageElement>());
  const handleError = useCallback(
    (img: HTMLImageElement) => {
      if (failedElements.current.has(img)) return;
      failedElements.current.add(img);
      failures.current += 1;
      const delay = nextRetryDelay(failures.current);
      if (delay !== null) {
        setWaitingToRetry(true);
        clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => {
          setWaitingToRetry(false);
          setAttempt((a) => a + 1);
        }, delay);
        return;
      }
      changeState("failed");
      logError("Image failed to load", `Could not load ${src}`, {
        src,
        attempts: failures.current,
      });
    },
    [changeState, src],
  );

  const handleLoad = useCallback(() => changeState("loaded"), [changeState]);

  // A server-rendered image may have finished (or failed) before React hydrated and
  // attached its handlers; read the outcome from the element itself.
  const imgRef = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !img.complete) return;
      // Not urgent: as a transition, not a synchronous render inside hydration's commit
      // (every image already loaded re-rendered at once there, issue 28).
      startTransition(() => {
        if (img.naturalWidth > 0) handleLoad();
        else if (img.currentSrc || img.src) handleError(img);
      });
    },
    [handleError, handleLoad],
  );

  // A manual retry is one immediate attempt; if it fails too, the placeholder returns.
  function retry() {
    failures.current = 2;
    changeState("loading");
    setAttempt((a) => a + 1);
  }

  const ratio =
    aspectRatio ??
    (width && height && width > 0 && height > 0 ? `${width} / ${height}` : undefined);
  const positioned = fill || ratio !== undefined;

  // Keyed by attempt: a whole new <picture>, so a retry is exactly one new request
  // (changing the srcset of a live <source> would make the old <img> load again too).
  const imgClassNames = cn(
    positioned ? "absolute inset-0 size-full" : "block h-auto w-full",
    fit === "cover" ? "object-cover" : "object-contain",
    imgClassName,
  );
  const picture = (
    <picture key={attempt}>
      {VARIANT_FORMATS.map((format) => {
        const srcSet = variantSrcSet(src, format, width, attempt);
        return srcSet ? (
          <source key={format} type={VARIANT_CONTENT_TYPES[format]} srcSet={srcSet} sizes={sizes} />
        ) : null;
      })}
      <img
        ref={imgRef}
        src={withRetryMarker(src, attempt)}
        alt={alt}
        width={width ?? undefined}
        height={height ?? undefined}
        loading={priority || eager ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : eager ? "low" : undefined}
        decoding={priority ? "auto" : "async"}
        onLoad={handleLoad}
        onError={(event) => handleError(event.currentTarget)}
        className={cn(imgClassNames, waitingToRetry && "invisible")}
      />
    </picture>
  );
  // Without JavaScript the browser's own lazy loading takes the source as it is: every
  // visitor's page carries this copy, so it stays one plain <img> (issue 12).
  const noScriptCopy = (
    <img
      src={src}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading="lazy"
      decoding="async"
      className={imgClassNames}
    />
  );

  return (
    <span
      ref={boxRef}
      data-image-state={state}
      className={cn("smart-image", fill ? "absolute inset-0" : "relative", className)}
      style={fill || ratio === undefined ? undefined : { aspectRatio: ratio }}
    >
      {/* Only near the screen: a pulse far below it is an animation the phone ticks for
          nothing, every frame while the page starts (issue 28). */}
      {state === "loading" && inView && <span aria-hidden className="smart-image-pulse" />}
      {state === "failed" ? (
        <ImageUnavailable onRetry={retry} />
      ) : inView ? (
        picture
      ) : (
        <noscript>{noScriptCopy}</noscript>
      )}
    </span>
  );
}

function ImageUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <span
      role="status"
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-muted p-3 text-center text-muted-foreground"
    >
      <ImageOff aria-hidden className="size-6 shrink-0" />
      <span className="text-sm">Image unavailable</span>
      <button
        type="button"
        onClick={onRetry}
        className="relative z-20 inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1 text-xs font-medium text-foreground transition-colors hover:border-primary hover:text-primary"
      >
        <RotateCcw aria-hidden className="size-3.5" /> Retry
      </button>
    </span>
  );
}
