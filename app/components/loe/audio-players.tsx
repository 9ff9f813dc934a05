/**
 * The two players of the audio collection: our own controls around an <audio>
 * element for file and URL tracks, and SoundCloud's embedded player for soundcloud
 * tracks. Texts are the spec's (§8 "Audio").
 */
import { useEffect, useRef, useState } from "react";
import { ExternalLink, Loader2, Pause, Play, RotateCcw, RotateCw } from "lucide-react";
import {
  formatDuration,
  soundCloudPageUrl,
  soundCloudPlayerHeight,
  soundCloudPlayerUrl,
  type AudioTrack,
} from "~/domain/content/loe/audio";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { sendEvent } from "~/lib/analytics";
import { playOutcome } from "~/domain/analytics/analytics";
import { useSoundCloudPlays } from "./soundcloud-plays";

/** Seconds the back/forward buttons jump (the player library's default, spec §9). */
export const AUDIO_SKIP_SECONDS = 5;

type FileStatus = "loading" | "ready" | "error";

const isSoundCloudLink = (url: string) => {
  try {
    return new URL(url, "https://x.invalid").hostname.endsWith("soundcloud.com");
  } catch {
    return false;
  }
};

/**
 * One play of a file track for the analytics: from its start to its end, to another
 * track or to leaving the page; complete from 90 % heard, skipped under 10 %.
 */
function usePlayReport(title: string) {
  const state = useRef({ playing: false, furthest: 0 });
  const report = useRef({
    started() {
      if (state.current.playing) return;
      state.current = { playing: true, furthest: 0 };
    },
    heard(seconds: number, duration: number) {
      if (Number.isFinite(duration) && duration > 0) {
        state.current.furthest = Math.max(state.current.furthest, seconds / duration);
      }
    },
    finish(fraction?: number) {
      if (!state.current.playing) return;
      state.current.playing = false;
      const outcome = playOutcome(fraction ?? state.current.furthest);
      sendEvent({ k: "track_play", s: title, o: outcome, v: "file" });
    },
  });
  useEffect(() => {
    const finish = () => report.current.finish();
    window.addEventListener("pagehide", finish);
    return () => {
      window.removeEventListener("pagehide", finish);
      finish();
    };
  }, []);
  return report.current;
}

export interface FileAudioPlayerProps {
  track: AudioTrack;
  /** Start playing as soon as possible (the visitor chose this track). */
  autoPlay: boolean;
  onEnded: () => void;
  onPlayingChange: (playing: boolean) => void;
}

/** Render with key={track.id}: each track starts with a fresh element and state. */
export function FileAudioPlayer({
  track,
  autoPlay,
  onEnded,
  onPlayingChange,
}: FileAudioPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<FileStatus>("loading");
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(track.duration);
  const url = track.audioUrl?.trim() ?? "";
  const reportPlay = usePlayReport(track.title);

  // The element may have read its metadata (or failed) before React hydrated.
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    if (el.error) setStatus("error");
    else if (el.readyState >= HTMLMediaElement.HAVE_METADATA) {
      setStatus("ready");
      if (Number.isFinite(el.duration)) setDuration(el.duration);
    }
    if (autoPlay) el.play().catch(() => {});
    // Only on mount: a new track mounts a new player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => onPlayingChange(playing), [playing, onPlayingChange]);

  if (!url) {
    return (
      <div role="status" className="rounded-xl border border-border bg-muted/40 p-5 text-center">
        <p className="font-medium">Audio source not available</p>
        <p className="mt-1 text-sm text-muted-foreground">{track.title}</p>
      </div>
    );
  }

  function togglePlay() {
    const el = audio.current;
    if (!el) return;
    if (el.paused) el.play().catch(() => {});
    else el.pause();
  }

  function skip(seconds: number) {
    const el = audio.current;
    if (!el) return;
    el.currentTime = Math.max(0, Math.min(el.duration || 0, el.currentTime + seconds));
  }

  function retry() {
    setStatus("loading");
    audio.current?.load();
  }

  const controlClass =
    "inline-flex items-center justify-center rounded-full text-foreground transition-colors hover:text-primary disabled:opacity-40";

  return (
    <div>
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onLoadedMetadata={(e) => {
          setStatus("ready");
          if (Number.isFinite(e.currentTarget.duration)) setDuration(e.currentTarget.duration);
        }}
        onCanPlay={() => setStatus("ready")}
        onError={() => {
          setStatus("error");
          setPlaying(false);
        }}
        onPlay={() => {
          setPlaying(true);
          reportPlay.started();
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          reportPlay.finish(1);
          onEnded();
        }}
        onTimeUpdate={(e) => {
          setTime(e.currentTarget.currentTime);
          reportPlay.heard(e.currentTarget.currentTime, e.currentTarget.duration);
        }}
      />
      {status === "error" ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-5">
          <p className="font-medium">Unable to load audio</p>
          <p className="mt-1 text-sm text-muted-foreground">
            The audio could not be loaded. This may be due to permissions or availability.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={retry}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <RotateCcw aria-hidden /> Try Again
            </button>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              <ExternalLink aria-hidden />
              {isSoundCloudLink(url) ? "Listen on SoundCloud" : "Open Link"}
            </a>
          </div>
        </div>
      ) : (
        <div>
          <div className="flex items-center gap-3">
            <button
              type="button"
              onClick={() => skip(-AUDIO_SKIP_SECONDS)}
              disabled={status !== "ready"}
              aria-label={`Back ${AUDIO_SKIP_SECONDS} seconds`}
              className={cn(controlClass, "size-10")}
            >
              <RotateCcw aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={togglePlay}
              disabled={status !== "ready"}
              aria-label={playing ? "Pause" : "Play"}
              className="inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/20 transition-colors hover:bg-secondary disabled:opacity-50"
            >
              {playing ? (
                <Pause aria-hidden className="size-6 fill-current" />
              ) : (
                <Play aria-hidden className="ml-0.5 size-6 fill-current" />
              )}
            </button>
            <button
              type="button"
              onClick={() => skip(AUDIO_SKIP_SECONDS)}
              disabled={status !== "ready"}
              aria-label={`Forward ${AUDIO_SKIP_SECONDS} seconds`}
              className={cn(controlClass, "size-10")}
            >
              <RotateCw aria-hidden className="size-5" />
            </button>
            {status === "loading" && (
              <p
                role="status"
                className="ml-2 inline-flex items-center gap-2 text-sm text-muted-foreground"
              >
                <Loader2 aria-hidden className="size-4 animate-spin" /> Loading audio
              </p>
            )}
          </div>
          <div className="mt-4 flex items-center gap-3 text-xs tabular-nums text-muted-foreground">
            <span className="w-10 text-right">{formatDuration(time)}</span>
            <input
              type="range"
              min={0}
              max={duration ?? 0}
              step={0.1}
              value={Math.min(time, duration ?? 0)}
              disabled={status !== "ready" || !duration}
              aria-label="Seek"
              aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
              onChange={(e) => {
                const el = audio.current;
                if (el) el.currentTime = Number(e.currentTarget.value);
                setTime(Number(e.currentTarget.value));
              }}
              className="h-1.5 flex-1 cursor-pointer accent-primary disabled:cursor-default"
            />
            {/* Rounded like the stored duration in the track list. */}
            <span className="w-10">
              {formatDuration(duration === null ? null : Math.round(duration))}
            </span>
          </div>
        </div>
      )}
    </div>
  );
}

/** SoundCloud's own player, auto-play off, 300 px high or 400 px for playlists. */
export function SoundCloudPlayer({ track }: { track: AudioTrack }) {
  const url = track.soundcloudEmbedUrl?.trim() ?? "";
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useSoundCloudPlays(frame, track.title);
  if (!url) {
    return (
      <div role="status" className="rounded-xl border border-border bg-muted/40 p-5 text-center">
        No SoundCloud URL available
      </div>
    );
  }
  const playerUrl = soundCloudPlayerUrl(url);
  if (!playerUrl) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-5">
        <p className="font-medium">Failed to load SoundCloud player</p>
        <p className="mt-1 text-sm text-muted-foreground">
          The SoundCloud content may be private or unavailable
        </p>
        <a
          href={soundCloudPageUrl(url)}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-4")}
        >
          <ExternalLink aria-hidden /> Open in SoundCloud
        </a>
      </div>
    );
  }
  const height = soundCloudPlayerHeight(url);
  return (
    <div>
      <div className="relative overflow-hidden rounded-xl bg-muted" style={{ height }}>
        {!loaded && (
          <p
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground"
          >
            <Loader2 aria-hidden className="size-4 animate-spin" /> Loading SoundCloud player
          </p>
        )}
        <iframe
          ref={frame}
          src={playerUrl}
          title={`SoundCloud player: ${track.title}`}
          width="100%"
          height={height}
          allow="autoplay"
          loading="lazy"
          onLoad={() => setLoaded(true)}
          className="relative block w-full border-0"
        />
      </div>
      <a
        href={soundCloudPageUrl(url)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground transition-colors hover:text-primary"
      >
        <ExternalLink aria-hidden className="size-3.5" /> Listen on SoundCloud
      </a>
    </div>
  );
}
