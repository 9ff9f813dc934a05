import { useState } from "react";
import { ExternalLink, Image as ImageIcon, Play } from "lucide-react";
import { videoThumbnailUrl } from "~/domain/video";
import { SmartImage } from "./smart-image";
import { VideoDialog, type DialogVideo } from "./video-dialog";
import { Dialog } from "./ui/dialog";

export interface MosaicItem {
  id: string;
  title: string;
  description: string | null;
  type: string;
  url: string;
  thumbnailUrl: string | null;
  platform: string | null;
  width: number | null;
  height: number | null;
}

/** The first six tiles are above the fold on most screens (spec §9: first 6 eager). */
const PRIORITY_TILES = 6;

/**
 * Media items as a masonry: 3 columns from 769 px, 2 from 481 px, 1 below (spec §9).
 * Photos open large in a dialog, videos in the player, social posts on their platform.
 */
export function MediaMosaic({ items }: { items: readonly MosaicItem[] }) {
  const [video, setVideo] = useState<DialogVideo | null>(null);
  const [photo, setPhoto] = useState<MosaicItem | null>(null);
  return (
    <>
      <ul
        className="columns-1 gap-5 min-[481px]:columns-2 min-[769px]:columns-3"
        data-testid="media-mosaic"
      >
        {items.map((item, index) => (
          <li key={item.id} className="mb-5 break-inside-avoid">
            <MediaTile
              item={item}
              priority={index < PRIORITY_TILES}
              onOpenVideo={() =>
                setVideo({
                  title: item.title,
                  description: item.description,
                  videoUrl: item.url,
                  thumbnailUrl: item.thumbnailUrl,
                })
              }
              onOpenPhoto={() => setPhoto(item)}
            />
          </li>
        ))}
      </ul>
      <VideoDialog video={video} onClose={() => setVideo(null)} />
      <Dialog
        open={photo !== null}
        onClose={() => setPhoto(null)}
        title={photo?.title ?? ""}
        description={photo?.description || undefined}
      >
        {photo && (
          <SmartImage
            src={photo.url}
            alt={photo.title}
            width={photo.width}
            height={photo.height}
            fit="contain"
            sizes="(min-width: 1024px) 1000px, 100vw"
            className="max-h-[75vh] rounded-xl"
          />
        )}
      </Dialog>
    </>
  );
}

const tileClass =
  "group relative block w-full overflow-hidden rounded-2xl border border-border/60 bg-card text-left shadow-lg shadow-black/30 transition-colors hover:border-primary/60";

function MediaTile({
  item,
  priority,
  onOpenVideo,
  onOpenPhoto,
}: {
  item: MosaicItem;
  priority: boolean;
  onOpenVideo: () => void;
  onOpenPhoto: () => void;
}) {
  const image = item.type === "photo" ? item.url : videoThumbnailUrl(item);
  const picture = image ? (
    <SmartImage
      src={image}
      alt=""
      width={item.width}
      height={item.height}
      aspectRatio={item.width && item.height ? undefined : item.type === "video" ? "16 / 9" : "1"}
      priority={priority}
      sizes="(min-width: 769px) 360px, (min-width: 481px) 50vw, 100vw"
      imgClassName="transition-transform duration-700 group-hover:scale-[1.03]"
    />
  ) : (
    <span className="block aspect-video bg-[radial-gradient(ellipse_at_center,hsl(var(--primary)/0.25),hsl(var(--muted)))]" />
  );
  const caption = (
    <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-background/95 via-background/60 to-transparent p-4 pt-14">
      <span className="mb-1 flex items-center gap-1.5 text-[11px] font-semibold uppercase tracking-[0.2em] text-primary">
        {item.type === "video" ? (
          <Play aria-hidden className="size-3" />
        ) : item.type === "social" ? (
          <ExternalLink aria-hidden className="size-3" />
        ) : (
          <ImageIcon aria-hidden className="size-3" />
        )}
        {item.platform ?? (item.type === "photo" ? "Photo" : item.type)}
      </span>
      <span className="block font-display text-lg leading-snug text-foreground">{item.title}</span>
      {item.description && (
        <span className="mt-1 block text-sm text-foreground/75">{item.description}</span>
      )}
    </span>
  );

  if (item.type === "social") {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className={tileClass}>
        {picture}
        {caption}
        <span className="sr-only"> (opens {item.platform ?? "the post"} in a new tab)</span>
      </a>
    );
  }
  if (item.type === "video") {
    return (
      <button type="button" onClick={onOpenVideo} className={tileClass}>
        {picture}
        <span
          aria-hidden
          className="absolute left-1/2 top-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-black/40 transition-transform duration-300 group-hover:scale-110"
        >
          <Play className="ml-0.5 size-6" fill="currentColor" />
        </span>
        <span className="sr-only">Play video: </span>
        {caption}
      </button>
    );
  }
  return (
    <button type="button" onClick={onOpenPhoto} className={tileClass}>
      {picture}
      <span className="sr-only">View photo: </span>
      {caption}
    </button>
  );
}
