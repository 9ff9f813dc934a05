/**
 * The LOE screen's Videos tab (admin spec §2): Title (description cut at 80), Type,
 * Source, Order, Status and Actions (open, show/hide, edit, delete), up/down reorder,
 * and the Add Video dialog with the LOE video rules (domain/content/loe/loe-video.ts).
 */
import { useState } from "react";
import { ExternalLink, Film, Play } from "lucide-react";
import {
  CollectionSection,
  defineCollectionScreen,
  type LoadedList,
} from "~/components/admin/kit/collection-screen";
import { orderColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import { Empty, Thumbnail, TitleCell } from "~/components/admin/kit/row-parts";
import { UploadFileName } from "~/components/admin/kit/upload-field";
import type { FieldConfig } from "~/components/admin/kit/entity-form-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  DEFAULT_LOE_VIDEO_SOURCE,
  LOE_VIDEO_TEXT,
  loeVideoCreateSchema,
  loeVideoUpdateSchema,
} from "~/domain/content/loe/loe-video";
import { VideoDialog } from "~/components/video-dialog";
import {
  LOE_INTENTS,
  VIDEO_DESCRIPTION_PREVIEW,
  loeVideoSource,
  loeVideoSourceType,
  loeVideoType,
  loeVideoWatchUrl,
  truncateText,
} from "./loe-admin";
import { statusColumn } from "./row-parts";
import type { LoeVideoRow } from "./types";
import { videoThumbnailUrl } from "~/domain/media/video";
import { LARGE_UPLOAD_HINT, uploadHint } from "~/domain/media/uploads";

const isYouTube = (values: Record<string, unknown>) => values.sourceType !== "file";

const VIDEO_FIELDS: readonly FieldConfig[] = [
  { kind: "text", name: "title", label: "Title", required: true, maxLength: 200 },
  { kind: "textarea", name: "description", label: "Description", rows: 3 },
  {
    kind: "choice",
    name: "sourceType",
    label: "Video source",
    options: [
      { value: "youtube", label: "YouTube" },
      { value: "file", label: "Video file" },
    ],
    defaultValue: DEFAULT_LOE_VIDEO_SOURCE,
  },
  {
    kind: "text",
    name: "embedId",
    label: "YouTube Embed ID",
    required: true,
    placeholder: "e.g. aqz-KE-bpKQ",
    hint: "The 11-character video ID, or paste the video's YouTube link: the ID is taken from it.",
    showWhen: isYouTube,
  },
  {
    kind: "upload",
    name: "videoUrl",
    label: "Video file",
    uploadKind: "video-large",
    hint: `${uploadHint("video-large")} ${LARGE_UPLOAD_HINT}`,
    showWhen: (values) => !isYouTube(values),
  },
  {
    kind: "upload",
    name: "thumbnailUrl",
    label: "Thumbnail (optional)",
    uploadKind: "image",
    allowUrl: true,
    hint: "Shown before the video plays. A YouTube video has its own when this is empty.",
  },
  {
    kind: "number",
    name: "orderIndex",
    label: "Display order",
    min: 0,
    step: 1,
    defaultValue: 0,
    half: true,
    hint: "Lower numbers show first.",
  },
];

const COLUMNS: DataTableColumn<LoeVideoRow>[] = [
  {
    id: "title",
    header: "Title",
    cell: (row) => (
      <TitleCell
        className="min-w-48"
        title={row.title}
        thumbnail={
          <Thumbnail
            src={videoThumbnailUrl(row)}
            className="hidden h-10 w-16 sm:flex"
            fallback={<Film aria-hidden className="size-4" />}
          />
        }
      >
        {row.description && (
          <p className="mt-0.5 text-xs text-muted-foreground">
            {truncateText(row.description, VIDEO_DESCRIPTION_PREVIEW)}
          </p>
        )}
      </TitleCell>
    ),
  },
  {
    id: "type",
    header: "Type",
    hideOnMobile: true,
    cell: (row) => {
      const type = loeVideoType(row);
      return <Badge variant={type === "Unknown" ? "destructive" : "gold"}>{type}</Badge>;
    },
  },
  {
    id: "source",
    header: "Source",
    hideOnMobile: true,
    className: "max-w-48",
    cell: (row) => {
      const source = loeVideoSource(row);
      // An uploaded file by the name it was picked as (issue 26 item 15), once known.
      const ownFile = loeVideoType(row) === "File" && row.videoUrl ? row.videoUrl.trim() : null;
      return source ? (
        <code className="block truncate text-xs text-muted-foreground" title={source}>
          {ownFile ? <UploadFileName url={ownFile} /> : source}
        </code>
      ) : (
        <Empty />
      );
    },
  },
  orderColumn(),
  statusColumn(),
];

const LOE_VIDEOS_SCREEN = defineCollectionScreen<LoeVideoRow>({
  addLabel: "Add Video",
  list: {
    title: "Videos",
    description:
      "The LOE page's Featured Videos: the first is shown large, the rest in a carousel. Hidden videos stay here but leave the page.",
    caption: "LOE videos",
  },
  texts: LOE_VIDEO_TEXT,
  rowLabel: (row) => row.title,
  columns: COLUMNS,
  reorder: { header: "Move" },
  rowActions: { flag: { flag: "isActive", label: (row) => `Show "${row.title}" on the LOE page` } },
  form: {
    fields: VIDEO_FIELDS,
    titles: ["Add Video", "Edit Video"],
    description: "A YouTube video by its ID or link, or a video file you upload.",
    submitLabels: ["Add Video", "Update Video"],
    // The edit form's starting values: the row plus the source choice it implies.
    editValues: (row) => ({ ...row, sourceType: loeVideoSourceType(row) }),
  },
});

export function LoeVideosTab({ videos }: { videos: LoadedList<LoeVideoRow> }) {
  const [playing, setPlaying] = useState<LoeVideoRow | null>(null);
  const screen = {
    ...LOE_VIDEOS_SCREEN,
    rowActions: {
      ...LOE_VIDEOS_SCREEN.rowActions,
      extra: (row: LoeVideoRow) => <OpenVideo video={row} onPlay={() => setPlaying(row)} />,
    },
  };
  return (
    <>
      <CollectionSection
        screen={screen}
        list={videos}
        intents={LOE_INTENTS.video}
        schemas={{ create: loeVideoCreateSchema, update: loeVideoUpdateSchema }}
      />
      {/* The public page's own player dialog, for a file (YouTube opens in a new tab). */}
      <VideoDialog video={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

function OpenVideo({ video, onPlay }: { video: LoeVideoRow; onPlay: () => void }) {
  const watchUrl = loeVideoWatchUrl(video);
  const label = `Open "${video.title}"`;
  if (watchUrl) {
    return (
      <a
        href={watchUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label} on YouTube (opens in a new tab)`}
        title={`${label} on YouTube`}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
      >
        <ExternalLink aria-hidden />
      </a>
    );
  }
  const type = loeVideoType(video);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={type === "File" ? `Play "${video.title}"` : `${label}: no video source`}
      title={type === "File" ? `Play "${video.title}"` : "No video source"}
      disabled={type !== "File"}
      onClick={onPlay}
    >
      <Play aria-hidden />
    </Button>
  );
}
