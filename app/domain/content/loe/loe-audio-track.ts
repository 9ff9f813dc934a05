/**
 * LOE audio tracks (admin spec §3 loe_audio_tracks, §4 "Audio track status", §5 "Audio
 * form", §8). A track plays from a SoundCloud link, an uploaded file or an external
 * URL; the file and the external URL both live in `audioUrl`, and saving clears the
 * other source's field. Shown/hidden is the table's toggle, not this form.
 * Admin and server only (zod).
 */
import { z } from "../../core/zod";
import {
  type AudioSourceType,
  type AudioTrack,
  INVALID_SOUNDCLOUD_URL_MESSAGE,
  checkSoundCloudUrl,
  isTrackValid,
} from "./audio";
import {
  PRIVATE_FILE_ADDRESS_MESSAGE,
  isOwnUploadPath,
  isPrivateWebAddress,
  isWebUrl,
} from "../../core/file-reference";
import {
  entryId,
  fileAddressFields,
  formChoice,
  nullableText,
  optionalCount,
  optionalLink,
  orderIndexField,
  requiredText,
} from "../../admin/form-fields";

export const AUDIO_SOURCE_TYPES = [
  "soundcloud",
  "file",
  "url",
] as const satisfies readonly AudioSourceType[];
/** A new track starts with the SoundCloud source (spec §4). */
export const DEFAULT_AUDIO_SOURCE_TYPE: AudioSourceType = "soundcloud";

export const AUDIO_TRACK_TEXT = {
  created: "Audio track created successfully",
  updated: "Audio track updated successfully",
  deleted: "Audio track deleted successfully",
  deleteFailed: "Failed to delete audio track",
  // Not in the spec (it used the browser's own confirm box): the dialog's title.
  deleteTitle: "Delete Audio Track",
  invalidSoundCloudUrl: "Invalid SoundCloud URL provided",
  empty: "No audio tracks found",
  fetchFailed: "Failed to fetch audio tracks",
  reordered: "Items reordered successfully",
  reorderFailed: "Failed to reorder items",
  processingFailedTitle: "Audio processing failed",
  processingFailed: "Could not extract audio information. Please try a different file.",
  ready: "Ready",
  error: "Error",
  missingSoundCloudUrl: "Missing SoundCloud URL",
  missingAudioFile: "Missing audio file",
} as const;

/** The start of the save failure, before ": {message}" (what the admin action prefixes). */
export const AUDIO_TRACK_SAVE_FAILED = {
  create: "Failed to create audio track",
  update: "Failed to update audio track",
} as const;

/** "Failed to create audio track: {message or Unknown error}" (spec §8). */
export function audioTrackSaveFailed(mode: "create" | "update", message?: string | null): string {
  return `${AUDIO_TRACK_SAVE_FAILED[mode]}: ${message?.trim() || "Unknown error"}`;
}

/** The delete dialog's question (spec §5 "Deletes"). */
export function audioTrackDeleteConfirm(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

export const AUDIO_TRACK_MESSAGES = {
  titleRequired: "Title is required",
  sourceInvalid: "Please choose SoundCloud, Upload File or External URL",
  soundCloudUrlRequired: "SoundCloud URL is required",
  invalidSoundCloudUrl: INVALID_SOUNDCLOUD_URL_MESSAGE,
  externalUrlRequired: "External URL is required",
  invalidUrl: "Please enter a valid URL",
  audioFileRequired: "No audio file selected",
  invalidArtworkUrl: "Please enter a valid artwork URL",
  duration: "Duration must be a whole number of seconds",
  orderIndex: "Order must be a whole number of 0 or more",
} as const;

const M = AUDIO_TRACK_MESSAGES;

const fields = {
  title: requiredText(M.titleRequired),
  artist: nullableText(),
  album: nullableText(),
  sourceType: formChoice(AUDIO_SOURCE_TYPES, M.sourceInvalid, DEFAULT_AUDIO_SOURCE_TYPE),
  /** The SoundCloud link (track, private share, playlist, short, mobile or player link). */
  soundcloudEmbedUrl: nullableText(),
  /** The uploaded file (/uploads/...) or the external URL. */
  audioUrl: nullableText(),
  artworkUrl: optionalLink(M.invalidArtworkUrl, { uploads: true }),
  /** Whole seconds, as the upload server read them from the file (UploadedFile.durationSeconds). */
  duration: optionalCount({ invalid: M.duration }),
  orderIndex: orderIndexField(M.orderIndex),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

function sourceRules(v: Fields, ctx: z.RefinementCtx) {
  const fail = (path: "soundcloudEmbedUrl" | "audioUrl", message: string) =>
    ctx.addIssue({ code: "custom", message, path: [path] });
  switch (v.sourceType) {
    case "soundcloud": {
      if (!v.soundcloudEmbedUrl) return fail("soundcloudEmbedUrl", M.soundCloudUrlRequired);
      const check = checkSoundCloudUrl(v.soundcloudEmbedUrl);
      if (!check.ok) fail("soundcloudEmbedUrl", check.error);
      return;
    }
    case "url":
      if (!v.audioUrl) return fail("audioUrl", M.externalUrlRequired);
      if (!isWebUrl(v.audioUrl)) fail("audioUrl", M.invalidUrl);
      else if (isPrivateWebAddress(v.audioUrl)) fail("audioUrl", PRIVATE_FILE_ADDRESS_MESSAGE);
      return;
    case "file":
      if (!v.audioUrl) return fail("audioUrl", M.audioFileRequired);
      if (!isOwnUploadPath(v.audioUrl) && !isWebUrl(v.audioUrl)) fail("audioUrl", M.invalidUrl);
      else if (isPrivateWebAddress(v.audioUrl)) fail("audioUrl", PRIVATE_FILE_ADDRESS_MESSAGE);
      return;
  }
}

const clearOtherSource = <T extends Fields>(v: T): T =>
  v.sourceType === "soundcloud" ? { ...v, audioUrl: null } : { ...v, soundcloudEmbedUrl: null };

export const audioTrackCreateSchema = z
  .object(fields)
  .superRefine(sourceRules)
  .transform(clearOtherSource);
export const audioTrackUpdateSchema = z
  .object({ id: entryId, ...fields })
  .superRefine(sourceRules)
  .transform(clearOtherSource);

// The audio file's address (not a SoundCloud link) is a file address: the server checks its host.
for (const schema of [audioTrackCreateSchema, audioTrackUpdateSchema]) {
  fileAddressFields.add(schema, {
    addressesOf: (track: AudioTrackInput) =>
      track.sourceType === "soundcloud" ? {} : { audioUrl: track.audioUrl },
  });
}

export type AudioTrackFormValues = z.input<typeof audioTrackCreateSchema>;
export type AudioTrackInput = z.output<typeof audioTrackCreateSchema>;
export type AudioTrackUpdateInput = z.output<typeof audioTrackUpdateSchema>;

/** What the server could read about a SoundCloud playlist link (the dialog shows it). */
export interface SoundCloudPlaylistInfo {
  /** The playlist's title, as SoundCloud's oEmbed names it; null when it did not say. */
  title: string | null;
  /** How many tracks the playlist's page lists; null when it could not be read. */
  trackCount: number | null;
}

export type AdminTrackStatus =
  { state: "Ready" } | { state: "Error"; problem: "Missing SoundCloud URL" | "Missing audio file" };

/** The admin table's status column: Ready when the track's source is there (spec §4). */
export function adminTrackStatus(
  track: Pick<AudioTrack, "sourceType" | "audioUrl" | "soundcloudEmbedUrl">,
): AdminTrackStatus {
  if (isTrackValid(track)) return { state: "Ready" };
  return {
    state: "Error",
    problem:
      track.sourceType === "soundcloud"
        ? AUDIO_TRACK_TEXT.missingSoundCloudUrl
        : AUDIO_TRACK_TEXT.missingAudioFile,
  };
}
