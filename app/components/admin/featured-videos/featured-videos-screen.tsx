/**
 * The featured videos as a declaration (admin spec §2 "/admin/featured-videos shows a
 * table plus an inline form"; the home editor's "featured-video manager: list, add,
 * edit, delete"): the table (thumbnail, title, order, Active switch, edit and delete)
 * with up/down reordering, and the form's fields (§3 featured_videos, §5 "Video
 * inputs"): title, description, the video (a YouTube link or id, or a video file),
 * display order and the Active switch. The schema (domain/content/videos/featured-video.ts) extracts
 * the id. The home editor renders the same manager and posts to this screen's action.
 */
import { useMemo, useState } from "react";
import { Film } from "lucide-react";
import { CollectionManager } from "~/components/admin/kit/collection-manager";
import { defineCollectionScreen } from "~/components/admin/kit/collection-screen";
import { flagColumn, orderColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import type { FieldConfig, FormSnapshot } from "~/components/admin/kit/entity-form-fields";
import { UploadFileName } from "~/components/admin/kit/upload-field";
import { reportBrokenOnMount } from "~/components/admin/photo-gallery/photo-thumbnail";
import { Badge } from "~/components/ui/badge";
import {
  FEATURED_VIDEO_DEFAULTS,
  FEATURED_VIDEO_TEXT,
  featuredVideoCreateSchema,
  featuredVideoUpdateSchema,
} from "~/domain/content/videos/featured-video";
import { LARGE_UPLOAD_HINT, uploadHint } from "~/domain/media/uploads";
import { extractVideoId, serviceThumbnailUrl } from "~/domain/media/video";

/** A featured video as the manager shows it. */
export interface FeaturedVideoRow {
  id: string;
  title: string;
  description: string | null;
  embedId: string | null;
  videoUrl: string | null;
  orderIndex: number;
  isActive: boolean;
}

/** A stored video as the manager shows it (no timestamps over the wire). */
export function toFeaturedVideoRow(video: FeaturedVideoRow): FeaturedVideoRow {
  const { id, title, description, embedId, videoUrl, orderIndex, isActive } = video;
  return { id, title, description, embedId, videoUrl, orderIndex, isActive };
}

/** Where the video comes from; only the chosen source's field is shown (and posted). */
export type FeaturedVideoSource = "youtube" | "file";

/**
 * The file's upload kind: the featured-videos screen states 100 MB, the home page's
 * video form 1000 MB (admin spec §5 "Files").
 */
export type FeaturedVideoUploadKind = "featured-video" | "video-large";

/** The formats and limit come from the kind's rule, as the picker and the refusal do. */
const UPLOAD_HINTS: Record<FeaturedVideoUploadKind, string> = {
  "featured-video": uploadHint("featured-video"),
  "video-large": `${uploadHint("video-large")} ${LARGE_UPLOAD_HINT}`,
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

function featuredVideoFields(uploadKind: FeaturedVideoUploadKind): FieldConfig[] {
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
function sourceOf(video: StoredVideoSource): FeaturedVideoSource {
  return !video.embedId && video.videoUrl ? "file" : "youtube";
}

const rowLabel = (row: FeaturedVideoRow) => row.title;

function columns(heroId: string | undefined): DataTableColumn<FeaturedVideoRow>[] {
  return [
    {
      id: "thumbnail",
      header: <span className="sr-only">Thumbnail</span>,
      className: "w-28",
      hideOnMobile: true,
      cell: (row) => <VideoThumbnail video={row} />,
    },
    {
      id: "title",
      header: "Title",
      cell: (row) => (
        <div className="min-w-40 max-w-md">
          <p className="font-medium text-foreground">
            {row.title}
            {row.id === heroId && (
              <Badge variant="gold" className="ml-2 align-middle">
                Hero
              </Badge>
            )}
          </p>
          <p className="mt-1 truncate text-xs text-muted-foreground">
            {row.embedId ? (
              <>
                YouTube ID <code className="font-mono text-foreground/80">{row.embedId}</code>
              </>
            ) : row.videoUrl ? (
              <>
                File{" "}
                <code className="font-mono text-foreground/80">
                  <UploadFileName url={row.videoUrl} />
                </code>
              </>
            ) : (
              "No video"
            )}
          </p>
        </div>
      ),
    },
    orderColumn({ hideOnMobile: false }),
    flagColumn("isActive", "Active", { rowLabel }),
  ];
}

function featuredVideosScreen(uploadKind: FeaturedVideoUploadKind, heroId: string | undefined) {
  return defineCollectionScreen<FeaturedVideoRow>({
    title: "Featured Videos",
    addLabel: "Add Video",
    list: { title: "Videos", caption: "Featured videos" },
    texts: FEATURED_VIDEO_TEXT,
    rowLabel,
    columns: columns(heroId),
    reorder: { header: "Move" },
    form: {
      fields: featuredVideoFields(uploadKind),
      titles: ["Add Video", "Edit Video"],
      addFormLabel: "Add a featured video",
      description: "A YouTube video or a video file for the home page's video section.",
      submitLabels: ["Add Video", "Update Video"],
      editValues: (row) => ({ ...row, source: sourceOf(row) }),
    },
  });
}

export interface FeaturedVideoManagerProps {
  videos: readonly FeaturedVideoRow[];
  /** The list could not be read: this message stands in for the rows. */
  loadFailed?: string | null;
  /** Where the table and the form post; the current route's action when left out. */
  action?: string;
  /** The video file's upload kind ("featured-video", 100 MB, unless told). */
  uploadKind?: FeaturedVideoUploadKind;
  className?: string;
}

export function FeaturedVideoManager({
  videos,
  loadFailed = null,
  action,
  uploadKind = "featured-video",
  className,
}: FeaturedVideoManagerProps) {
  // Visitors see the active videos in this order; the first one is the large "hero".
  const heroId = videos.find((video) => video.isActive)?.id;
  const screen = useMemo(() => featuredVideosScreen(uploadKind, heroId), [uploadKind, heroId]);
  return (
    <CollectionManager
      screen={screen}
      list={{ rows: videos, loadFailed }}
      schemas={{ create: featuredVideoCreateSchema, update: featuredVideoUpdateSchema }}
      action={action}
      className={className}
    />
  );
}

/** The video service's still for the id (a film icon for a file, or when it fails). */
function VideoThumbnail({ video }: { video: FeaturedVideoRow }) {
  const [failed, setFailed] = useState(false);
  const box =
    "flex aspect-video w-24 items-center justify-center overflow-hidden rounded-lg border border-border/70 bg-muted text-muted-foreground";
  if (!video.embedId || failed) {
    return (
      <span className={box}>
        <Film aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <span className={box}>
      <img
        src={serviceThumbnailUrl(video.embedId)}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        ref={reportBrokenOnMount(() => setFailed(true))}
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </span>
  );
}
