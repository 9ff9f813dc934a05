import { Suspense, lazy, useState } from "react";
import type { DialogVideoData } from "~/domain/media/video";
import { useWarmAfterStart } from "~/lib/warm-after-start";

export type DialogVideo = DialogVideoData;

export interface VideoDialogProps {
  /** The selected video; null keeps the dialog closed. */
  video: DialogVideo | null;
  onClose: () => void;
}

const loadPlayerDialog = () => import("./video-player-dialog");
const PlayerDialog = lazy(loadPlayerDialog);

/**
 * The video player dialog, loaded after start-up (or when a video is chosen first):
 * pages with videos do not load the dialog's code before they are interactive
 * (issue 28). Once open it stays mounted, so closing it returns focus to the tile.
 */
export function VideoDialog(props: VideoDialogProps) {
  useWarmAfterStart(loadPlayerDialog);
  const [needed, setNeeded] = useState(props.video !== null);
  if (props.video !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <PlayerDialog {...props} />
    </Suspense>
  );
}
