import { useState } from "react";
import { ExternalLink, Image as ImageIcon, Play } from "lucide-react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { videoThumbnailUrl } from "~/domain/media/video";
import { isEagerImage, isFirstScreenTile } from "~/domain/content/photos/gallery-layout";
import { SmartImage } from "./smart-image";
import { VideoDialog, type DialogVideo } from "./video-dialog";
import { Dialog } from "./ui/dialog";
import type { MosaicItem } from "~/domain/content/media-page/public-media-item";

export type { MosaicItem };

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
            <HydrateLater>
              <MediaTile
                item={item}
                priority={isFirstScreenTile(index)}
                eager={isEagerImage(index)}
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
            </HydrateLater>
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

function MediaTile({
  item,
  priority,
  eager,
  onOpenVideo,
  onOpenPhoto,
}: {
  item: MosaicItem;
  priority: boolean;
  eager: boolean;
  onOpenVideo: () => void;
  onOpenPhoto: () => void;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const image =
    item.type === "photo"
      ? item.url
      : videoThumbnailUrl({ thumbnailUrl: item.thumbnailUrl, videoUrl: item.url });
  const platform = item.platform ?? (item.type === "photo" ? "Photo" : item.type);
  // A transparent control laid over the tile makes it clickable without wrapping the
  // image, whose own Retry button must never sit inside another button or link.
  const overlayClass = "absolute inset-0 z-[5] rounded-2xl focus-visible:outline-offset-[-4px]";

  return (
    <div className="group relative overflow-hidden rounded-2xl border border-border/60 bg-card shadow-lg shadow-black/30 transition-colors hover:border-primary/60">
      {image ? (
        <SmartImage
          src={image}
          alt=""
          width={item.width}
          height={item.height}
          aspectRatio={
            item.width && item.height ? undefined : item.type === "video" ? "16 / 9" : "1"
          }
          priority={priority}
          eager={eager}
          sizes="(min-width: 769px) 360px, (min-width: 481px) 50vw, 100vw"
          imgClassName="transition-transform duration-700 group-hover:scale-[1.03]"
          onStateChange={(state) => setImageFailed(state === "failed")}
        />
      ) : (
        <div className="aspect-video bg-[radial-gradient(ellipse_at_center,hsl(var(--primary)/0.25),hsl(var(--muted)))]" />
      )}
      {item.type === "video" && !imageFailed && (
        <span
          aria-hidden
          className="pointer-events-none absolute right-4 top-4 flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-black/40 transition-transform duration-300 group-hover:scale-110"
        >
          <Play className="ml-0.5 size-5 fill-current" />
        </span>
      )}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-background/95 via-background/60 to-transparent p-4 pt-14">
        <p className="mb-1 flex items-center gap-1.5 text-[11px] font-semibold uppercase tracking-[0.2em] text-primary">
          {item.type === "video" ? (
            <Play aria-hidden className="size-3" />
          ) : item.type === "social" ? (
            <ExternalLink aria-hidden className="size-3" />
          ) : (
            <ImageIcon aria-hidden className="size-3" />
          )}
          {platform}
        </p>
        <p className="font-display text-lg leading-snug text-foreground">{item.title}</p>
        {item.description && <p className="mt-1 text-sm text-foreground/75">{item.description}</p>}
      </div>
      {item.type === "social" ? (
        <a href={item.url} target="_blank" rel="noopener noreferrer" className={overlayClass}>
          <span className="sr-only">
            {item.title} on {platform} (opens in a new tab)
          </span>
        </a>
      ) : (
        <button
          type="button"
          onClick={item.type === "video" ? onOpenVideo : onOpenPhoto}
          className={overlayClass}
        >
          <span className="sr-only">
            {item.type === "video" ? "Play video" : "View photo"}: {item.title}
          </span>
        </button>
      )}
    </div>
  );
}
