import { Suspense, lazy, useState } from "react";
import type { DialogVideoData } from "~/domain/video";

export type DialogVideo = DialogVideoData;

export interface VideoDialogProps {
  /** The selected video; null keeps the dialog closed. */
  video: DialogVideo | null;
  onClose: () => void;
}

const PlayerDialog = lazy(() => import("./video-player-dialog"));

/**
 * The video player dialog, loaded when a video is first chosen: pages with videos do
 * not load the dialog's code before they are interactive (issue 28). Once loaded it
 * stays mounted, so closing it returns focus to the tile that opened it.
 */
export function VideoDialog(props: VideoDialogProps) {
  const [needed, setNeeded] = useState(props.video !== null);
  if (props.video !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <PlayerDialog {...props} />
    </Suspense>
  );
}
