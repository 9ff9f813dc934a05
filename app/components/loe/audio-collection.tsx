import { useCallback, useState } from "react";
import {
  AudioLines,
  CheckCircle2,
  Music2,
  SkipBack,
  SkipForward,
  TriangleAlert,
} from "lucide-react";
import {
  auditTracks,
  canSkip,
  clampTrackIndex,
  formatDuration,
  invalidTracksNote,
  nextTrackIndex,
  previousTrackIndex,
  type AudioTrack,
  type TrackAudit,
} from "~/domain/content/loe/audio";
import type { SectionResult } from "~/domain/content/loe/loe-page";
import { SmartImage } from "~/components/smart-image";
import { cn } from "~/lib/cn";
import { FileAudioPlayer, SoundCloudPlayer } from "./audio-players";
import { SectionHeading, SectionMessage } from "./section";

export interface AudioCollectionProps {
  result: SectionResult<AudioTrack[]>;
  onRetry?: () => void;
}

export function AudioCollection({ result, onRetry }: AudioCollectionProps) {
  return (
    <section aria-labelledby="loe-audio-title" className="py-16 sm:py-24">
      <SectionHeading eyebrow="Listen" title="Audio Collection" id="loe-audio-title" />
      <AudioCollectionBody result={result} onRetry={onRetry} />
    </section>
  );
}

function AudioCollectionBody({ result, onRetry }: AudioCollectionProps) {
  if (!result.ok) {
    return (
      <SectionMessage tone="error" title="Failed to Load Audio" onRetry={onRetry}>
        <p>There was an error loading the audio tracks from the database.</p>
        <p className="mt-2 text-sm">{result.message || "Unknown error"}</p>
      </SectionMessage>
    );
  }
  const audit = auditTracks(result.data);
  return (
    <div className="space-y-8">
      {audit.invalidCount > 0 && <TracksNeedAttention audit={audit} />}
      {audit.playable.length === 0 ? (
        <SectionMessage>No tracks available</SectionMessage>
      ) : (
        <Playlist tracks={audit.playable} />
      )}
    </div>
  );
}

/** Lists every track with its state, so whoever maintains the site sees what to fix. */
function TracksNeedAttention({ audit }: { audit: TrackAudit<AudioTrack> }) {
  const someValid = audit.playable.length > 0;
  return (
    <div
      role="alert"
      aria-labelledby="loe-audio-attention"
      className="rounded-2xl border border-destructive/40 bg-destructive/5 p-5 sm:p-6"
    >
      <h3
        id="loe-audio-attention"
        className="flex items-center gap-2 font-sans text-base font-semibold"
      >
        <TriangleAlert aria-hidden className="size-5 text-destructive" /> Audio Tracks Need
        Attention
      </h3>
      <ul className="mt-4 divide-y divide-border/60 text-sm">
        {audit.statuses.map(({ track, status }) => (
          <li key={track.id} className="flex items-center justify-between gap-4 py-2">
            <span className="min-w-0 truncate">{track.title}</span>
            <span
              className={cn(
                "inline-flex shrink-0 items-center gap-1.5",
                status === "OK" ? "text-success" : "text-destructive",
              )}
            >
              {status === "OK" && <CheckCircle2 aria-hidden className="size-4" />}
              {status}
            </span>
          </li>
        ))}
      </ul>
      {someValid && (
        <p className="mt-4 text-sm text-muted-foreground">
          {invalidTracksNote(audit.invalidCount)}
        </p>
      )}
    </div>
  );
}

function sourceLabel(track: AudioTrack) {
  return track.sourceType === "soundcloud"
    ? "SoundCloud"
    : track.sourceType === "url"
      ? "Link"
      : "File";
}

/**
 * The playable tracks: the current one in the player, the list beside it. The
 * index starts at 0 and falls back to 0 when it points past the list; next and
 * previous wrap, and only work with more than one track.
 */
function Playlist({ tracks }: { tracks: AudioTrack[] }) {
  const [index, setIndex] = useState(0);
  // The file player starts paused; after a choice, a skip while playing, or the end
  // of a track, the next one plays by itself.
  const [autoPlay, setAutoPlay] = useState(false);
  const [playing, setPlaying] = useState(false);
  const currentIndex = clampTrackIndex(index, tracks.length);
  const current = tracks[currentIndex];
  const skippable = canSkip(tracks.length);

  const choose = (i: number, play: boolean) => {
    setAutoPlay(play);
    setIndex(i);
  };
  const handleEnded = useCallback(() => {
    setAutoPlay(true);
    setIndex((i) => nextTrackIndex(i, tracks.length));
  }, [tracks.length]);
  const handlePlayingChange = useCallback((value: boolean) => setPlaying(value), []);

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <div className="rounded-2xl border border-border bg-card p-5 sm:p-8">
        {current ? (
          <>
            <div className="flex items-start gap-5">
              <div className="w-24 shrink-0 overflow-hidden rounded-xl shadow-lg shadow-black/40 sm:w-36">
                {current.artworkUrl ? (
                  <SmartImage
                    key={current.id}
                    src={current.artworkUrl}
                    alt={`Artwork for ${current.title}`}
                    aspectRatio="1 / 1"
                    sizes="144px"
                  />
                ) : (
                  <span className="flex aspect-square items-center justify-center bg-muted">
                    <Music2 aria-hidden className="size-10 text-muted-foreground" />
                  </span>
                )}
              </div>
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold uppercase tracking-[0.25em] text-primary">
                  Now playing · {currentIndex + 1} / {tracks.length}
                </p>
                <h3
                  aria-live="polite"
                  data-testid="current-track-title"
                  className="mt-2 text-2xl leading-snug sm:text-3xl"
                >
                  {current.title}
                </h3>
                {(current.artist || current.album) && (
                  <p className="mt-1 truncate text-sm text-muted-foreground">
                    {[current.artist, current.album].filter(Boolean).join(" · ")}
                  </p>
                )}
                <div className="mt-4 flex gap-2">
                  <button
                    type="button"
                    onClick={() => choose(previousTrackIndex(currentIndex, tracks.length), playing)}
                    disabled={!skippable}
                    aria-label="Previous track"
                    className="inline-flex size-10 items-center justify-center rounded-full border border-border transition-colors hover:border-primary hover:text-primary disabled:opacity-40 disabled:hover:border-border disabled:hover:text-foreground"
                  >
                    <SkipBack aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    onClick={() => choose(nextTrackIndex(currentIndex, tracks.length), playing)}
                    disabled={!skippable}
                    aria-label="Next track"
                    className="inline-flex size-10 items-center justify-center rounded-full border border-border transition-colors hover:border-primary hover:text-primary disabled:opacity-40 disabled:hover:border-border disabled:hover:text-foreground"
                  >
                    <SkipForward aria-hidden className="size-4" />
                  </button>
                </div>
              </div>
            </div>
            <div className="mt-6">
              {current.sourceType === "soundcloud" ? (
                <SoundCloudPlayer key={current.id} track={current} />
              ) : (
                <FileAudioPlayer
                  key={current.id}
                  track={current}
                  autoPlay={autoPlay}
                  onEnded={handleEnded}
                  onPlayingChange={handlePlayingChange}
                />
              )}
            </div>
          </>
        ) : (
          <p role="status" className="text-center text-muted-foreground">
            No audio track selected
          </p>
        )}
      </div>

      <ol aria-label="Tracks" className="space-y-2">
        {tracks.map((track, i) => {
          const isCurrent = i === currentIndex;
          return (
            <li key={track.id}>
              <button
                type="button"
                onClick={() => choose(i, true)}
                aria-current={isCurrent ? "true" : undefined}
                className={cn(
                  "flex w-full items-center gap-4 rounded-xl border px-4 py-3 text-left transition-colors",
                  isCurrent
                    ? "border-primary/60 bg-primary/10"
                    : "border-border bg-card hover:border-primary/40",
                )}
              >
                <span className="w-6 shrink-0 text-center text-sm tabular-nums text-muted-foreground">
                  {isCurrent && playing ? (
                    <AudioLines aria-hidden className="mx-auto size-4 text-primary" />
                  ) : (
                    i + 1
                  )}
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn("block truncate font-medium", isCurrent && "text-primary")}>
                    {track.title}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {[track.artist, sourceLabel(track)].filter(Boolean).join(" · ")}
                  </span>
                </span>
                <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                  {track.sourceType === "soundcloud" && track.duration === null
                    ? ""
                    : formatDuration(track.duration)}
                </span>
                <span className="sr-only">{isCurrent ? "(current track)" : "Play"}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
