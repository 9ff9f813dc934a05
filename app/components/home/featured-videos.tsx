import { useState } from "react";
import { Play } from "lucide-react";
import { cn } from "~/lib/cn";
import { videoThumbnailUrl } from "~/domain/media/video";
import { Container } from "../ui/container";
import { SectionHeading } from "../section-heading";
import { SmartImage } from "../smart-image";
import { VideoDialog, type DialogVideo } from "../video-dialog";

export interface HomeVideo extends DialogVideo {
  id: string;
}

export interface FeaturedVideosProps {
  title: string;
  description: string | null;
  videos: readonly HomeVideo[];
}

const LARGE_ROW_SPAN = ["", "lg:row-span-1", "lg:row-span-2", "lg:row-span-3"] as const;

/** The first video large, the others beside it; any of them opens the player dialog. */
export function FeaturedVideos({ title, description, videos }: FeaturedVideosProps) {
  const [selected, setSelected] = useState<HomeVideo | null>(null);
  const [first, ...rest] = videos;
  if (!first) return null;
  // On wide screens the large tile spans as many rows as there are tiles beside it.
  const largeRowSpan = LARGE_ROW_SPAN[Math.min(rest.length, 3)];
  return (
    <section aria-labelledby="home-videos-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="home-videos-title"
          eyebrow="Watch"
          title={title}
          description={description}
        />
        <ul className="grid gap-6 lg:grid-cols-3">
          <li className={cn(rest.length === 0 ? "lg:col-span-3" : "lg:col-span-2", largeRowSpan)}>
            <VideoTile video={first} large onOpen={setSelected} />
          </li>
          {rest.map((video) => (
            <li key={video.id}>
              <VideoTile video={video} onOpen={setSelected} />
            </li>
          ))}
        </ul>
      </Container>
      <VideoDialog video={selected} onClose={() => setSelected(null)} />
    </section>
  );
}

function VideoTile({
  video,
  large = false,
  onOpen,
}: {
  video: HomeVideo;
  large?: boolean;
  onOpen: (video: HomeVideo) => void;
}) {
  const thumbnail = videoThumbnailUrl(video);
  const [imageFailed, setImageFailed] = useState(false);
  // The whole tile is clickable through a transparent button laid over it, so the
  // image's own Retry button (shown above it) is never nested inside another button.
  // The badge is centred in the space the caption leaves, so it never covers the title;
  // `overflow-clip` (not hidden) lets the tile grow past its ratio if a long title needs it.
  return (
    <div
      data-testid="featured-video-tile"
      className={cn(
        "video-tile group",
        // On wide screens the large tile fills the rows of the tiles beside it.
        large
          ? "aspect-[4/3] sm:aspect-video lg:aspect-auto lg:h-full lg:min-h-80"
          : "aspect-video",
      )}
    >
      {thumbnail ? (
        <SmartImage
          src={thumbnail}
          alt=""
          fill
          sizes={large ? "(min-width: 1024px) 760px, 100vw" : "(min-width: 1024px) 370px, 100vw"}
          imgClassName="transition-transform duration-500 group-hover:scale-105"
          onStateChange={(state) => setImageFailed(state === "failed")}
        />
      ) : (
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,hsl(var(--primary)/0.25),hsl(var(--muted)))]" />
      )}
      <div aria-hidden className="video-tile-shade" />
      <div className="video-tile-centre">
        {!imageFailed && (
          <span
            aria-hidden
            data-testid="featured-video-badge"
            className={cn("video-tile-badge", large ? "size-16 sm:size-20" : "size-14")}
          >
            <Play
              className={cn("fill-current", large ? "ml-1 size-7 sm:size-8" : "ml-0.5 size-6")}
            />
          </span>
        )}
      </div>
      <div className="video-tile-caption">
        <p
          data-testid="featured-video-title"
          className={cn(
            "font-display leading-snug text-foreground",
            large ? "text-2xl sm:text-3xl" : "text-lg",
          )}
        >
          {video.title}
        </p>
        {large && video.description && (
          <p className="mt-2 hidden max-w-xl text-sm text-foreground/80 sm:block">
            {video.description}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={() => onOpen(video)}
        className="video-tile-button"
        data-testid="featured-video"
      >
        <span className="sr-only">Play video: {video.title}</span>
      </button>
    </div>
  );
}
