/**
 * The LOE screen's configuration as pure functions (admin spec §2 "Manage LOE", §9
 * "Display"): its tabs, the intents its one action answers, and how a row reads in the
 * tables (cut texts, type and source labels, the flags of a SoundCloud link).
 */
import { checkSoundCloudUrl } from "~/domain/content/loe/audio";
import { defineUrlTabs } from "~/components/admin/kit/url-tabs";
import { namespacedRowIntents } from "~/domain/admin/collection-rows";
import { fileNameOf } from "~/domain/core/file-reference";
import { extractVideoId } from "~/domain/media/video";

export const LOE_TABS = defineUrlTabs({
  param: "tab",
  tabs: [
    { value: "page-content", label: "Page Content" },
    { value: "videos", label: "Videos" },
    { value: "audio", label: "Audio" },
    { value: "images", label: "Images" },
  ],
});

/** One route action serves every tab: each intent carries its tab's namespace. */
export const LOE_INTENTS = {
  content: "content:update",
  banner: "banner:update",
  video: namespacedRowIntents("video"),
  image: namespacedRowIntents("image"),
  audio: { ...namespacedRowIntents("audio"), soundCloudInfo: "audio:soundcloud-info" },
} as const;

/** Spec §9: video descriptions are cut at 80 characters, image captions at 50. */
export const VIDEO_DESCRIPTION_PREVIEW = 80;
export const IMAGE_CAPTION_PREVIEW = 50;

/** The first `max` characters of a text, with an ellipsis when there was more. */
export function truncateText(text: string | null | undefined, max: number): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

interface VideoRowSource {
  embedId: string | null;
  videoUrl: string | null;
}

const present = (v: string | null | undefined): v is string => !!v && v.trim() !== "";

export type LoeVideoType = "YouTube" | "File" | "Unknown";

/** YouTube when the video has an id (or a YouTube link), File for a file, else Unknown. */
export function loeVideoType(video: VideoRowSource): LoeVideoType {
  if (present(video.embedId)) return "YouTube";
  if (present(video.videoUrl)) return extractVideoId(video.videoUrl) ? "YouTube" : "File";
  return "Unknown";
}

/** What the Source column shows: the video's id, or its file's name; "" when none. */
export function loeVideoSource(video: VideoRowSource): string {
  if (present(video.embedId)) return video.embedId.trim();
  if (present(video.videoUrl)) {
    return extractVideoId(video.videoUrl) ?? fileNameOf(video.videoUrl.trim());
  }
  return "";
}

/** Where "open" takes the artist: the video on YouTube (new tab), or the player dialog. */
export function loeVideoWatchUrl(video: VideoRowSource): string | null {
  const id = extractVideoId(video.embedId) ?? extractVideoId(video.videoUrl);
  return id ? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` : null;
}

/** The source choice of a stored video, for the edit form (it is not stored). */
export function loeVideoSourceType(video: VideoRowSource): "youtube" | "file" {
  return !present(video.embedId) && present(video.videoUrl) ? "file" : "youtube";
}

const AUDIO_SOURCE_LABELS: Record<string, string> = {
  soundcloud: "SoundCloud",
  file: "File",
  url: "External URL",
};

/** The audio table's Source badge. */
export function audioSourceLabel(sourceType: string): string {
  return AUDIO_SOURCE_LABELS[sourceType] ?? "Unknown";
}

export type SoundCloudFlag = "Short link" | "Private link" | "Playlist";

/**
 * What a SoundCloud link is, beyond a plain public track (spec §5 "Audio form": short
 * links, private/secret links and playlists are accepted and flagged). None for a link
 * that is not a valid SoundCloud link (the form says why).
 */
export function soundCloudFlags(url: string | null | undefined): SoundCloudFlag[] {
  const check = checkSoundCloudUrl(url);
  if (!check.ok) return [];
  const flags: SoundCloudFlag[] = [];
  if (check.kind === "short") flags.push("Short link");
  if (check.isPrivate) flags.push("Private link");
  if (check.isPlaylist) flags.push("Playlist");
  return flags;
}

/** Whether the playlist's title and track count are worth asking SoundCloud for. */
export function canLookUpPlaylist(url: string | null | undefined): boolean {
  const check = checkSoundCloudUrl(url);
  return check.ok && check.isPlaylist;
}

/** "12 tracks", "1 track". */
export function trackCountLabel(count: number): string {
  return count === 1 ? "1 track" : `${count} tracks`;
}

/**
 * The dialog's overall progress (spec §4 "Audio upload progress"): 50 once the audio
 * file is up, 75 once the artwork is too, 100 when the track is saved.
 */
export function audioDialogProgress(step: {
  audioUploaded: boolean;
  artworkUploaded: boolean;
  saved: boolean;
}): number {
  if (step.saved) return 100;
  if (step.artworkUploaded) return 75;
  if (step.audioUploaded) return 50;
  return 0;
}
