/**
 * Counts the plays in SoundCloud's embedded player (issue 25, docs/decisions/035) by
 * speaking its Widget API's postMessage protocol ourselves: SoundCloud's api.js would be
 * an outside script, which the CSP refuses and the page's budget has no room for.
 */
import { useEffect, type RefObject } from "react";
import { sendEvent } from "~/lib/analytics";
import {
  NO_PLAY,
  nextPlay,
  parseWidgetMessage,
  SOUNDCLOUD_PLAY_EVENTS,
  SOUNDCLOUD_WIDGET_ORIGIN,
  type WidgetEvent,
} from "~/domain/content/loe/soundcloud-plays";

function listen(widget: Window, targetOrigin: string) {
  for (const value of SOUNDCLOUD_PLAY_EVENTS) {
    widget.postMessage(JSON.stringify({ method: "addEventListener", value }), targetOrigin);
  }
}

/** Whether the frame's document is ours to read (about:blank before it loads). */
function readable(widget: Window): boolean {
  try {
    return typeof widget.location.href === "string";
  } catch {
    return false;
  }
}

/** One track_play beacon per play of `title` in the widget of `frame`. */
export function useSoundCloudPlays(frame: RefObject<HTMLIFrameElement | null>, title: string) {
  useEffect(() => {
    let play = NO_PLAY;
    const apply = (event: WidgetEvent | { type: "end" }) => {
      const next = nextPlay(play, event);
      play = next.play;
      if (next.ended) sendEvent({ k: "track_play", s: title, o: next.ended, v: "soundcloud" });
    };
    const onMessage = (message: MessageEvent) => {
      const widget = frame.current?.contentWindow;
      // Only this frame's widget, and only from SoundCloud: other frames post too.
      if (!widget || message.source !== widget || message.origin !== SOUNDCLOUD_WIDGET_ORIGIN) {
        return;
      }
      const event = parseWidgetMessage(message.data);
      if (!event) return;
      // The widget takes listeners once it is ready (and again after it reloads).
      if (event.type === "ready") listen(widget, SOUNDCLOUD_WIDGET_ORIGIN);
      apply(event);
    };
    const end = () => apply({ type: "end" });
    // A widget in the page's first HTML may have said "ready" before hydration, unheard.
    // A frame we may not look into has loaded another site: ask it now too. "*": it may
    // be an error page, which would log a refused target; the names are no secret.
    const widget = frame.current?.contentWindow;
    if (widget && !readable(widget)) listen(widget, "*");
    window.addEventListener("message", onMessage);
    window.addEventListener("pagehide", end);
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("pagehide", end);
      // Another track chosen (the player unmounts) or the page left by a link.
      end();
    };
  }, [frame, title]);
}
