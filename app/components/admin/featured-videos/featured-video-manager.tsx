/**
 * The featured-video manager (admin spec §2 "/admin/featured-videos shows a table plus
 * an inline form"; the home editor's "featured-video manager: list, add, edit,
 * delete"): the table (thumbnail, title, order, Active switch, edit and delete) with
 * up/down reordering, and below it the one form that adds a video, or edits the row
 * whose Edit button was pressed. The home editor renders the same manager and posts
 * to the featured-videos screen's action (`action`).
 */
import { useId, useState } from "react";
import { Film, Pencil } from "lucide-react";
import { ConfirmDeleteButton } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { EntityInlineForm } from "~/components/admin/kit/entity-inline-form";
import { RowToggle } from "~/components/admin/kit/row-toggle";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  FEATURED_VIDEO_TEXT,
  featuredVideoCreateSchema,
  featuredVideoUpdateSchema,
} from "~/domain/featured-video";
import { reportBrokenOnMount } from "~/components/admin/photo-gallery/photo-thumbnail";
import { serviceThumbnailUrl } from "~/domain/video";
import { cn } from "~/lib/cn";
import {
  featuredVideoFields,
  fileNameOf,
  sourceOf,
  type FeaturedVideoUploadKind,
} from "./featured-video-fields";
import { useInlineEdit } from "./use-inline-edit";

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

export interface FeaturedVideoManagerProps {
  videos: readonly FeaturedVideoRow[];
  /** The list could not be read: this message stands in for the rows. */
  loadFailed?: string | null;
  /** Where the table and the form post; the current route's action when left out. */
  action?: string;
  /** The video file's upload kind ("video" 100 MB unless told). */
  uploadKind?: FeaturedVideoUploadKind;
  className?: string;
}

export function FeaturedVideoManager({
  videos,
  loadFailed,
  action,
  uploadKind = "video",
  className,
}: FeaturedVideoManagerProps) {
  const [fields] = useState(() => featuredVideoFields(uploadKind));
  const formTitleId = useId();
  const edit = useInlineEdit(videos, (video) => video.id);
  const editing = edit.editing;
  // Visitors see the active videos in this order; the first one is the large "hero".
  const heroId = videos.find((video) => video.isActive)?.id;

  const columns: DataTableColumn<FeaturedVideoRow>[] = [
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
                <code className="font-mono text-foreground/80">{fileNameOf(row.videoUrl)}</code>
              </>
            ) : (
              "No video"
            )}
          </p>
        </div>
      ),
    },
    {
      id: "order",
      header: "Order",
      className: "tabular-nums",
      cell: (row) => row.orderIndex,
    },
    {
      id: "active",
      header: "Active",
      cell: (row) => (
        <RowToggle
          id={row.id}
          flag="isActive"
          checked={row.isActive}
          action={action}
          label={`Active: ${row.title}`}
        />
      ),
    },
  ];

  return (
    <div className={cn("space-y-8", className)}>
      <DataTable
        caption="Featured videos"
        columns={columns}
        rows={videos}
        getRowId={(row) => row.id}
        emptyMessage={FEATURED_VIDEO_TEXT.empty}
        loadFailed={loadFailed}
        reorder={{ label: (row) => row.title, action, header: "Move" }}
        rowActions={(row) => (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit "${row.title}"`}
              title={`Edit "${row.title}"`}
              onClick={() => edit.startEdit(row)}
            >
              <Pencil aria-hidden />
            </Button>
            <ConfirmDeleteButton
              id={row.id}
              action={action}
              label={`Delete "${row.title}"`}
              title="Delete Video"
              description={FEATURED_VIDEO_TEXT.deleteConfirm}
            />
          </>
        )}
      />

      <div ref={edit.formRef} className="scroll-mt-24">
        <Card aria-labelledby={formTitleId} className="p-5 sm:p-6">
          <h3 id={formTitleId} className="text-xl leading-tight">
            {editing ? "Edit Video" : "Add Video"}
          </h3>
          <p className="mt-1 mb-5 text-sm text-muted-foreground">
            {editing ? (
              <>
                Changing <span className="text-foreground">{editing.title}</span>.
              </>
            ) : (
              "A YouTube video or a video file for the home page's video section."
            )}
          </p>
          <EntityInlineForm
            key={editing?.id ?? "new"}
            aria-label={editing ? `Edit "${editing.title}"` : "Add a featured video"}
            intent={editing ? "update" : "create"}
            schema={editing ? featuredVideoUpdateSchema : featuredVideoCreateSchema}
            fields={fields}
            defaultValues={editing ? { ...editing, source: sourceOf(editing) } : undefined}
            submitLabel={editing ? "Update Video" : "Add Video"}
            action={action}
            onCancel={editing ? edit.stopEdit : undefined}
            onSaved={editing ? edit.stopEdit : undefined}
          />
        </Card>
      </div>
    </div>
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
