/**
 * The video player dialog (public-site spec §2 LOE): the video service's embed with
 * autoplay when the video has an id, a plain <video> for a file, or "No video
 * source available". Closing it calls onClose, where the caller clears its selection.
 * Pages load it through VideoDialog (video-dialog.tsx) when a video is first chosen.
 */
import { useEffect } from "react";
import { VideoOff } from "lucide-react";
import { videoEmbedUrl, videoSource } from "~/domain/media/video";
import { Dialog } from "./ui/dialog";
import { sendEvent } from "~/lib/analytics";
import type { DialogVideo, VideoDialogProps } from "./video-dialog";

export default function VideoPlayerDialog({ video, onClose }: VideoDialogProps) {
  // Opening the player is the play (an embed cannot tell us more without its API).
  const title = video?.title;
  useEffect(() => {
    if (title) sendEvent({ k: "video_play", s: title });
  }, [title]);
  return (
    <Dialog
      open={video !== null}
      onClose={onClose}
      title={video?.title ?? ""}
      description={video?.description || undefined}
      // Narrow enough that the 16:9 player and its header fit a short window too.
      className="w-[min(100vw-2rem,64rem,calc((100dvh-16rem)*16/9))]"
    >
      {video ? <VideoPlayer video={video} /> : null}
    </Dialog>
  );
}

export function VideoPlayer({ video }: { video: DialogVideo }) {
  const source = videoSource(video);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
      {source.kind === "embed" ? (
        <iframe
          src={videoEmbedUrl(source.videoId, { autoplay: true })}
          title={video.title}
          className="absolute inset-0 size-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : source.kind === "file" ? (
        <video
          src={source.url}
          controls
          autoPlay
          playsInline
          preload="metadata"
          className="absolute inset-0 size-full"
        >
          Your browser does not support the video tag.
        </video>
      ) : (
        <div
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-muted-foreground"
        >
          <VideoOff aria-hidden className="size-8" />
          <p>No video source available</p>
        </div>
      )}
    </div>
  );
}
