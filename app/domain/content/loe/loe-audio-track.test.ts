import { describe, expect, it } from "vitest";
import { SOUNDCLOUD_API_URL_MESSAGE } from "./audio";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  AUDIO_TRACK_MESSAGES as M,
  AUDIO_TRACK_TEXT,
  adminTrackStatus,
  audioTrackCreateSchema,
  audioTrackDeleteConfirm,
  audioTrackSaveFailed,
  audioTrackUpdateSchema,
} from "./loe-audio-track";

const SC = "https://soundcloud.com/artist/night-tune";
const errors = (input: Record<string, unknown>) => {
  const result = audioTrackCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("audio track schema", () => {
  it("defaults to the SoundCloud source and clears the audio URL", () => {
    expect(
      audioTrackCreateSchema.parse({
        title: " Night Tune ",
        artist: " The Trio ",
        album: "",
        soundcloudEmbedUrl: ` ${SC} `,
        audioUrl: "/uploads/audio/old.mp3",
        artworkUrl: "",
        duration: "",
        orderIndex: "1",
      }),
    ).toEqual({
      title: "Night Tune",
      artist: "The Trio",
      album: null,
      sourceType: "soundcloud",
      soundcloudEmbedUrl: SC,
      audioUrl: null,
      artworkUrl: null,
      duration: null,
      orderIndex: 1,
    });
  });

  it("keeps an uploaded file with its duration and artwork, clearing the SoundCloud link", () => {
    expect(
      audioTrackCreateSchema.parse({
        title: "T",
        sourceType: "file",
        soundcloudEmbedUrl: SC,
        audioUrl: "/uploads/audio/a.mp3",
        artworkUrl: "/uploads/artwork/a.webp",
        duration: "245",
      }),
    ).toMatchObject({
      sourceType: "file",
      soundcloudEmbedUrl: null,
      audioUrl: "/uploads/audio/a.mp3",
      artworkUrl: "/uploads/artwork/a.webp",
      duration: 245,
    });
  });

  it("takes an external URL for the url source", () => {
    expect(
      audioTrackCreateSchema.parse({
        title: "T",
        sourceType: "url",
        audioUrl: "https://cdn.example.com/a.mp3",
      }).audioUrl,
    ).toBe("https://cdn.example.com/a.mp3");
  });

  it("gives each source's messages", () => {
    expect(errors({ title: "T" })).toEqual({ soundcloudEmbedUrl: "SoundCloud URL is required" });
    expect(errors({ title: "T", soundcloudEmbedUrl: "https://example.com/track" })).toEqual({
      soundcloudEmbedUrl: "Please enter a valid SoundCloud URL",
    });
    expect(
      errors({ title: "T", soundcloudEmbedUrl: "https://api.soundcloud.com/tracks/1" }),
    ).toEqual({
      soundcloudEmbedUrl: SOUNDCLOUD_API_URL_MESSAGE,
    });
    expect(errors({ title: "T", sourceType: "url" })).toEqual({
      audioUrl: "External URL is required",
    });
    expect(errors({ title: "T", sourceType: "url", audioUrl: "cdn/a.mp3" })).toEqual({
      audioUrl: "Please enter a valid URL",
    });
    expect(errors({ title: "T", sourceType: "url", audioUrl: "/uploads/audio/a.mp3" })).toEqual({
      audioUrl: "Please enter a valid URL",
    });
    expect(errors({ title: "T", sourceType: "file" })).toEqual({
      audioUrl: "No audio file selected",
    });
  });

  it("gives the other fields' messages", () => {
    expect(errors({ title: "", soundcloudEmbedUrl: SC })).toEqual({ title: M.titleRequired });
    expect(errors({ title: "T", soundcloudEmbedUrl: SC, duration: "3:20" })).toEqual({
      duration: M.duration,
    });
    expect(errors({ title: "T", soundcloudEmbedUrl: SC, artworkUrl: "art.jpg" })).toEqual({
      artworkUrl: M.invalidArtworkUrl,
    });
    expect(errors({ title: "T", sourceType: "tape", soundcloudEmbedUrl: SC })).toEqual({
      sourceType: M.sourceInvalid,
    });
  });

  it("updates by id", () => {
    expect(audioTrackUpdateSchema.safeParse({ title: "T", soundcloudEmbedUrl: SC }).success).toBe(
      false,
    );
  });

  it("reports the admin status of a track", () => {
    expect(
      adminTrackStatus({ sourceType: "soundcloud", soundcloudEmbedUrl: SC, audioUrl: null }),
    ).toEqual({
      state: "Ready",
    });
    expect(
      adminTrackStatus({ sourceType: "soundcloud", soundcloudEmbedUrl: "", audioUrl: "x" }),
    ).toEqual({
      state: "Error",
      problem: "Missing SoundCloud URL",
    });
    expect(
      adminTrackStatus({ sourceType: "file", soundcloudEmbedUrl: SC, audioUrl: null }),
    ).toEqual({
      state: "Error",
      problem: "Missing audio file",
    });
  });

  it("carries the spec's texts", () => {
    expect(audioTrackSaveFailed("create", "disk full")).toBe(
      "Failed to create audio track: disk full",
    );
    expect(audioTrackSaveFailed("update")).toBe("Failed to update audio track: Unknown error");
    expect(audioTrackDeleteConfirm("Night Tune")).toBe(
      'Are you sure you want to delete "Night Tune"? This action cannot be undone.',
    );
    expect(AUDIO_TRACK_TEXT.deleteFailed).toBe("Failed to delete audio track");
    expect(AUDIO_TRACK_TEXT.invalidSoundCloudUrl).toBe("Invalid SoundCloud URL provided");
  });
});
