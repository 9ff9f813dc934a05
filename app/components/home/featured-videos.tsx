import { useState } from "react";
import { Play } from "lucide-react";
import { videoThumbnailUrl } from "~/domain/video";
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

/** The first video large, the others beside it; any of them opens the player dialog. */
export function FeaturedVideos({ title, description, videos }: FeaturedVideosProps) {
  const [selected, setSelected] = useState<HomeVideo | null>(null);
  const [first, ...rest] = videos;
  if (!first) return null;
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
          <li className="lg:col-span-2 lg:row-span-3">
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
  return (
    <button
      type="button"
      onClick={() => onOpen(video)}
      className="group relative block w-full overflow-hidden rounded-2xl border border-border/60 bg-card text-left shadow-xl shadow-black/30 transition-colors hover:border-primary/60"
      data-testid="featured-video"
    >
      <span className="relative block aspect-video">
        {thumbnail ? (
          <SmartImage
            src={thumbnail}
            alt=""
            fill
            sizes={large ? "(min-width: 1024px) 760px, 100vw" : "(min-width: 1024px) 370px, 100vw"}
            imgClassName="transition-transform duration-500 group-hover:scale-105"
          />
        ) : (
          <span className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,hsl(var(--primary)/0.25),hsl(var(--muted)))]" />
        )}
        <span
          aria-hidden
          className="absolute inset-0 bg-gradient-to-t from-background/95 via-background/30 to-transparent"
        />
        <span
          aria-hidden
          className={
            "absolute left-1/2 top-1/2 flex -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-black/40 transition-transform duration-300 group-hover:scale-110 " +
            (large ? "size-20" : "size-14")
          }
        >
          <Play className={large ? "ml-1 size-8" : "ml-0.5 size-6"} fill="currentColor" />
        </span>
        <span className="absolute inset-x-0 bottom-0 p-4 sm:p-6">
          <span className="sr-only">Play video: </span>
          <span
            className={
              "block font-display leading-snug text-foreground " +
              (large ? "text-2xl sm:text-3xl" : "text-lg")
            }
          >
            {video.title}
          </span>
          {large && video.description && (
            <span className="mt-2 hidden max-w-xl text-sm text-foreground/80 sm:block">
              {video.description}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
