/**
 * SoundCloud plays for the analytics (issue 25, docs/decisions/035): what the embedded
 * widget tells its page, and when that makes one play. Pure rules; the browser side is
 * app/components/loe/soundcloud-plays.ts. Plain checks, no zod: this ships to /loe.
 *
 * The widget's postMessage protocol (as SoundCloud's api.js speaks it): the page posts
 * JSON `{method: "addEventListener", value: <event>}` to the frame, once the frame has
 * posted "ready"; the frame then posts JSON `{widgetId, method: <event>, value}`, where
 * a playProgress `value` holds `relativePosition` (0..1) among other positions.
 */
import { playOutcome, type PlayOutcome } from "../../analytics/analytics";

export const SOUNDCLOUD_WIDGET_ORIGIN = "https://w.soundcloud.com";

/** The widget events a play is made of ("ready" comes unasked). */
export const SOUNDCLOUD_PLAY_EVENTS = ["play", "pause", "finish", "playProgress"] as const;

export type WidgetEvent =
  { type: "ready" | "play" | "pause" | "finish" } | { type: "progress"; fraction: number };

/** One message from the widget, or null when it is not one a play is made of. */
export function parseWidgetMessage(data: unknown): WidgetEvent | null {
  let message: unknown = data;
  if (typeof data === "string") {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== "object") return null;
  const { method, value } = message as { method?: unknown; value?: unknown };
  if (method === "ready" || method === "play" || method === "pause" || method === "finish") {
    return { type: method };
  }
  if (method !== "playProgress" || !value || typeof value !== "object") return null;
  const fraction = (value as { relativePosition?: unknown }).relativePosition;
  if (typeof fraction !== "number" || !Number.isFinite(fraction)) return null;
  return { type: "progress", fraction: Math.min(1, Math.max(0, fraction)) };
}

/** A play under way (and how far it got), or none. */
export type SoundCloudPlay = { playing: false } | { playing: true; furthest: number };

export const NO_PLAY: SoundCloudPlay = { playing: false };

/**
 * "end": the visitor left the page or chose another track (the player unmounts).
 * Returns the next state and, when a play ended, its outcome: one report per play.
 */
export function nextPlay(
  play: SoundCloudPlay,
  event: WidgetEvent | { type: "end" },
): { play: SoundCloudPlay; ended?: PlayOutcome } {
  const ending = (fraction: number) =>
    play.playing ? { play: NO_PLAY, ended: playOutcome(fraction) } : { play: NO_PLAY };
  switch (event.type) {
    case "play":
      return { play: play.playing ? play : { playing: true, furthest: 0 } };
    case "progress":
      // api.js, too, takes the first progress for a play when "play" did not come.
      return {
        play: {
          playing: true,
          furthest: Math.max(play.playing ? play.furthest : 0, event.fraction),
        },
      };
    // Visitors pause and come back: a pause does not end the play.
    case "pause":
      return { play };
    case "finish":
      return ending(1);
    // A widget that (re)loads starts afresh; "end" is the page's own.
    case "ready":
    case "end":
      return ending(play.playing ? play.furthest : 0);
  }
}
