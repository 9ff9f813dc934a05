import { useCallback, useEffect, useRef, useState } from "react";
import { ChevronLeft, ChevronRight, Film, Play } from "lucide-react";
import type { LoeVideo, SectionResult } from "~/domain/content/loe/loe-page";
import { videoThumbnailUrl } from "~/domain/media/video";
import { cn } from "~/lib/cn";
import { SmartImage } from "~/components/smart-image";
import { VideoDialog } from "~/components/video-dialog";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { SectionHeading, SectionMessage } from "./section";

export interface FeaturedVideosProps {
  result: SectionResult<LoeVideo[]>;
  onRetry?: () => void;
}

/** The first video large, the rest in a carousel; a click opens the player dialog. */
export function FeaturedVideos({ result, onRetry }: FeaturedVideosProps) {
  const [selected, setSelected] = useState<LoeVideo | null>(null);

  return (
    <section aria-labelledby="loe-videos-title" className="py-16 sm:py-24">
      <SectionHeading eyebrow="Watch" title="Featured Videos" id="loe-videos-title" />
      {!result.ok ? (
        <SectionMessage tone="error" title="Unable to load content" onRetry={onRetry}>
          The videos could not be loaded. {result.message}
        </SectionMessage>
      ) : result.data.length === 0 ? (
        <SectionMessage>No videos available</SectionMessage>
      ) : (
        <>
          <FeaturedVideo video={result.data[0]!} onSelect={setSelected} />
          {result.data.length > 1 && (
            <VideoCarousel videos={result.data.slice(1)} onSelect={setSelected} />
          )}
        </>
      )}
      {/* Closing clears the selection, which also stops the player. */}
      <VideoDialog video={selected} onClose={() => setSelected(null)} />
    </section>
  );
}

function Thumbnail({
  video,
  sizes,
  priority = false,
}: {
  video: LoeVideo;
  sizes: string;
  priority?: boolean;
}) {
  const src = videoThumbnailUrl(video);
  // The play badge steps aside for the image's own "Image unavailable" and Retry.
  const [failed, setFailed] = useState(false);
  return (
    <span className="relative block">
      {src ? (
        <SmartImage
          src={src}
          alt=""
          aspectRatio="16 / 9"
          sizes={sizes}
          priority={priority}
          imgClassName="transition-transform duration-500 group-hover:scale-105"
          onStateChange={(state) => setFailed(state === "failed")}
        />
      ) : (
        <span className="flex aspect-video items-center justify-center bg-[linear-gradient(135deg,hsl(var(--muted)),hsl(var(--background)))]">
          <Film aria-hidden className="size-10 text-muted-foreground" />
        </span>
      )}
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute inset-0 flex items-center justify-center bg-gradient-to-t from-background/70 via-transparent to-transparent",
          failed && "hidden",
        )}
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-primary/90 text-primary-foreground shadow-xl shadow-black/40 transition-transform duration-300 group-hover:scale-110">
          <Play className="ml-1 size-7 fill-current" />
        </span>
      </span>
    </span>
  );
}

/**
 * A card whose whole surface opens the video: a stretched button over it, so the
 * image's own Retry button (raised above it) stays a separate control.
 */
function VideoCardShell({
  video,
  onSelect,
  className,
  children,
}: {
  video: LoeVideo;
  onSelect: (video: LoeVideo) => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <article className={cn("group relative", className)}>
      {children}
      <button
        type="button"
        onClick={() => onSelect(video)}
        className="absolute inset-0 z-10 rounded-2xl focus-visible:outline-offset-4"
      >
        <span className="sr-only">Play {video.title}</span>
      </button>
    </article>
  );
}

function FeaturedVideo({
  video,
  onSelect,
}: {
  video: LoeVideo;
  onSelect: (video: LoeVideo) => void;
}) {
  return (
    <VideoCardShell
      video={video}
      onSelect={onSelect}
      className="grid grid-cols-1 overflow-hidden rounded-2xl border border-border bg-card lg:grid-cols-5"
    >
      <div className="lg:col-span-3">
        {/* Often the largest picture in a phone's first screen: load it at once. */}
        <Thumbnail
          video={video}
          sizes="(min-width: 1152px) 690px, (min-width: 1024px) 60vw, 100vw"
          priority
        />
      </div>
      <div className="flex flex-col justify-center p-6 sm:p-8 lg:col-span-2">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-primary">Featured</p>
        <h3 className="mt-3 text-2xl leading-snug sm:text-3xl">{video.title}</h3>
        {video.description && (
          <p className="mt-4 leading-relaxed text-muted-foreground">{video.description}</p>
        )}
        <p className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-primary">
          <Play aria-hidden className="size-4 fill-current" /> Watch now
        </p>
      </div>
    </VideoCardShell>
  );
}

/** Slides per view: 1, 2 at md, 3 at lg, 4 at xl (public-site spec §9). */
function VideoCarousel({
  videos,
  onSelect,
}: {
  videos: LoeVideo[];
  onSelect: (video: LoeVideo) => void;
}) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false, scrollable: false });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEdges({
      atStart: el.scrollLeft <= 2,
      atEnd: el.scrollLeft >= max - 2,
      scrollable: max > 2,
    });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, [measure]);

  function scrollByPage(direction: 1 | -1) {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth, behavior: "smooth" });
  }

  return (
    <div className="mt-10">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h3 className="text-xl">More Videos</h3>
        <div className={cn("flex gap-2", !edges.scrollable && "invisible")}>
          <button
            type="button"
            onClick={() => scrollByPage(-1)}
            disabled={edges.atStart}
            aria-label="Previous videos"
            className="inline-flex size-10 items-center justify-center rounded-full border border-border text-foreground transition-colors hover:border-primary hover:text-primary disabled:opacity-40 disabled:hover:border-border disabled:hover:text-foreground"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => scrollByPage(1)}
            disabled={edges.atEnd}
            aria-label="Next videos"
            className="inline-flex size-10 items-center justify-center rounded-full border border-border text-foreground transition-colors hover:border-primary hover:text-primary disabled:opacity-40 disabled:hover:border-border disabled:hover:text-foreground"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
      <ul
        ref={track}
        aria-label="More videos"
        className="-mx-2 -my-2 flex snap-x snap-mandatory overflow-x-auto scroll-smooth py-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {videos.map((video) => (
          <li key={video.id} className="w-full shrink-0 snap-start px-2 md:w-1/2 lg:w-1/3 xl:w-1/4">
            {/* Each card hydrates on its own, in a short task (issue 28). */}
            <HydrateLater>
              <VideoCardShell video={video} onSelect={onSelect} className="h-full">
                <div className="h-full overflow-hidden rounded-2xl border border-border bg-card">
                  <Thumbnail
                    video={video}
                    sizes="(min-width: 1280px) 280px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
                  />
                  <div className="p-4">
                    <h4 className="line-clamp-2 font-display text-lg leading-snug">
                      {video.title}
                    </h4>
                    {video.description && (
                      <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">
                        {video.description}
                      </p>
                    )}
                  </div>
                </div>
              </VideoCardShell>
            </HydrateLater>
          </li>
        ))}
      </ul>
    </div>
  );
}
