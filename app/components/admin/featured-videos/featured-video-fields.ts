/**
 * The featured-video form's fields (admin spec §3 featured_videos, §5 "Video inputs"):
 * title, description, the video (a YouTube link or id, or a video file), display order
 * and the Active switch. The schema (domain/featured-video.ts) extracts the id.
 */
import type { FieldConfig, FormSnapshot } from "~/components/admin/kit/entity-form-fields";
import { FEATURED_VIDEO_DEFAULTS } from "~/domain/featured-video";
import { extractVideoId } from "~/domain/video";

/** Where the video comes from; only the chosen source's field is shown (and posted). */
export type FeaturedVideoSource = "youtube" | "file";

/**
 * The file's upload kind: the featured-videos screen states 100 MB, the home page's
 * video form 1000 MB (admin spec §5 "Files").
 */
export type FeaturedVideoUploadKind = "video" | "video-large";

const UPLOAD_HINTS: Record<FeaturedVideoUploadKind, string> = {
  video: "MP4, MOV, AVI or WebM, up to 100 MB.",
  "video-large":
    "MP4, MOV, AVI or WebM, up to 1000 MB. A large file goes up in parts and picks up where it stopped if the connection drops.",
};

export const VIDEO_ID_HINT =
  "Paste the video's YouTube link (watch, youtu.be, shorts or embed) or its 11-character ID: the ID is what is kept.";

export const DISPLAY_ORDER_HINT =
  "Lower numbers show first. 0 is the hero video: it plays large at the top of the home page's video section.";

const isYouTube = (values: FormSnapshot) => values.source !== "file";

/** What the video box holds, read as the schema will: the ID it found, or the hint. */
export function videoIdNote(input: string): string {
  const id = extractVideoId(input);
  return id ? `Video ID ${id} will be saved.` : VIDEO_ID_HINT;
}

export function featuredVideoFields(uploadKind: FeaturedVideoUploadKind): FieldConfig[] {
  return [
    { kind: "text", name: "title", label: "Title", required: true, maxLength: 200 },
    { kind: "textarea", name: "description", label: "Description", rows: 3 },
    {
      kind: "choice",
      name: "source",
      label: "Video source",
      options: [
        { value: "youtube", label: "YouTube" },
        { value: "file", label: "Video file" },
      ],
      defaultValue: "youtube",
    },
    {
      kind: "text",
      name: "embedId",
      label: "YouTube URL or video ID",
      required: true,
      placeholder: "https://youtu.be/…",
      hint: VIDEO_ID_HINT,
      note: (values) => videoIdNote(typeof values.embedId === "string" ? values.embedId : ""),
      showWhen: isYouTube,
    },
    {
      kind: "upload",
      name: "videoUrl",
      label: "Video file",
      uploadKind,
      allowUrl: true,
      defaultMode: "file",
      required: true,
      hint: UPLOAD_HINTS[uploadKind],
      showWhen: (values) => !isYouTube(values),
    },
    {
      kind: "number",
      name: "orderIndex",
      label: "Display order",
      min: 0,
      step: 1,
      defaultValue: FEATURED_VIDEO_DEFAULTS.orderIndex,
      half: true,
      hint: DISPLAY_ORDER_HINT,
    },
    {
      kind: "switch",
      name: "isActive",
      label: "Active",
      defaultValue: FEATURED_VIDEO_DEFAULTS.isActive,
      half: true,
      hint: "Hidden videos stay here but leave the home page.",
    },
  ];
}

interface StoredVideoSource {
  embedId: string | null;
  videoUrl: string | null;
}

/** The source an edit starts on: the file for a video that only has one. */
export function sourceOf(video: StoredVideoSource): FeaturedVideoSource {
  return !video.embedId && video.videoUrl ? "file" : "youtube";
}

/** The last segment of a file's address ("/uploads/videos/ab12.mp4" → "ab12.mp4"). */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const name = path.split("/").filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
