import { Suspense, lazy, useEffect, useState } from "react";
import type { DialogVideoData } from "~/domain/video";

export type DialogVideo = DialogVideoData;

export interface VideoDialogProps {
  /** The selected video; null keeps the dialog closed. */
  video: DialogVideo | null;
  onClose: () => void;
}

const loadPlayerDialog = () => import("./video-player-dialog");
const PlayerDialog = lazy(loadPlayerDialog);
/** After start-up, so that a first click on a video rarely waits for the dialog's code. */
const WARM_PLAYER_DIALOG_MS = 2000;

/**
 * The video player dialog, loaded after start-up (or when a video is chosen first):
 * pages with videos do not load the dialog's code before they are interactive
 * (issue 28). Once open it stays mounted, so closing it returns focus to the tile.
 */
export function VideoDialog(props: VideoDialogProps) {
  useEffect(() => {
    const timer = setTimeout(() => loadPlayerDialog().catch(() => {}), WARM_PLAYER_DIALOG_MS);
    return () => clearTimeout(timer);
  }, []);
  const [needed, setNeeded] = useState(props.video !== null);
  if (props.video !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <PlayerDialog {...props} />
    </Suspense>
  );
}
