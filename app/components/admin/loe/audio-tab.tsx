/**
 * The LOE screen's Audio tab (admin spec §2): Status (Ready, or Error with what is
 * missing), Track with its artwork, Source, Artist, Album, Order, Active and Actions
 * (edit, delete), up/down reorder, and the track dialog with its three sources:
 * SoundCloud (the default), Upload File and External URL. Only the chosen source's
 * field is in the form (the file and the URL share `audioUrl`). The file's duration is
 * what the upload server read from it, in whole seconds.
 */
import { useEffect, useState } from "react";
import { Music2 } from "lucide-react";
import {
  CollectionSection,
  defineCollectionScreen,
  type EntityDialog,
  type LoadedList,
} from "~/components/admin/kit/collection-screen";
import { flagColumn, orderColumn, type DataTableColumn } from "~/components/admin/kit/data-table";
import { EntityFormDialog, type FieldConfig } from "~/components/admin/kit/entity-form-dialog";
import type { FormSnapshot } from "~/components/admin/kit/entity-form-fields";
import { Badge } from "~/components/ui/badge";
import { formatDuration } from "~/domain/content/loe/audio";
import {
  AUDIO_TRACK_TEXT,
  DEFAULT_AUDIO_SOURCE_TYPE,
  adminTrackStatus,
  audioTrackCreateSchema,
  audioTrackDeleteConfirm,
  audioTrackUpdateSchema,
} from "~/domain/content/loe/loe-audio-track";
import { LOE_INTENTS, audioDialogProgress, audioSourceLabel } from "./loe-admin";
import { Empty, Thumbnail, TitleCell } from "~/components/admin/kit/row-parts";
import { SoundCloudLinkNote } from "./soundcloud-link-note";
import type { LoeAudioRow } from "./types";

const intents = LOE_INTENTS.audio;

const SOURCE_OPTIONS = [
  { value: "soundcloud", label: "SoundCloud" },
  { value: "file", label: "Upload File" },
  { value: "url", label: "External URL" },
] as const;

const sourceIs = (source: string) => (values: FormSnapshot) =>
  (values.sourceType || DEFAULT_AUDIO_SOURCE_TYPE) === source;

const SOUNDCLOUD_HINT =
  "A track, a playlist, a private (secret) share link or an on.soundcloud.com short link.";

/** The duration the form holds now (null while unknown), shown as m:ss or --:--. */
function durationNote(seconds: number | null) {
  return (
    <>
      MP3, WAV, OGG, AAC, FLAC or WebM, up to 1000 MB. Duration:{" "}
      <span className="tabular-nums text-foreground/90" data-testid="track-duration">
        {formatDuration(seconds)}
      </span>
    </>
  );
}

interface Steps {
  audioUploaded: boolean;
  artworkUploaded: boolean;
  saved: boolean;
}
const NO_STEPS: Steps = { audioUploaded: false, artworkUploaded: false, saved: false };

function trackFields(
  duration: number | null,
  onAudioUploaded: (durationSeconds: number | null) => void,
  step: (done: Partial<Steps>) => void,
) {
  const fields: FieldConfig[] = [
    { kind: "text", name: "title", label: "Title", required: true, maxLength: 200 },
    { kind: "text", name: "artist", label: "Artist", half: true, maxLength: 200 },
    { kind: "text", name: "album", label: "Album", half: true, maxLength: 200 },
    {
      kind: "choice",
      name: "sourceType",
      label: "Audio source",
      options: SOURCE_OPTIONS,
      defaultValue: DEFAULT_AUDIO_SOURCE_TYPE,
    },
    {
      kind: "url",
      name: "soundcloudEmbedUrl",
      label: "SoundCloud URL",
      required: true,
      placeholder: "https://soundcloud.com/artist/track",
      hint: SOUNDCLOUD_HINT,
      note: (values) => (
        <SoundCloudLinkNote
          url={typeof values.soundcloudEmbedUrl === "string" ? values.soundcloudEmbedUrl : ""}
          hint={SOUNDCLOUD_HINT}
        />
      ),
      showWhen: sourceIs("soundcloud"),
    },
    {
      kind: "upload",
      name: "audioUrl",
      label: "Audio file",
      uploadKind: "audio",
      note: () => durationNote(duration),
      onUploaded: (file) => {
        onAudioUploaded(file.durationSeconds ?? null);
        step({ audioUploaded: true });
      },
      showWhen: sourceIs("file"),
    },
    {
      kind: "url",
      name: "audioUrl",
      label: "External URL",
      required: true,
      placeholder: "https://example.com/track.mp3",
      hint: "A direct link to an audio file that the page's player can play.",
      showWhen: sourceIs("url"),
    },
    {
      kind: "upload",
      name: "artworkUrl",
      label: "Artwork (optional)",
      uploadKind: "artwork",
      allowUrl: true,
      hint: "A square picture: JPEG, PNG or WebP under 10 MB.",
      onUploaded: () => step({ artworkUploaded: true }),
    },
    {
      kind: "number",
      name: "orderIndex",
      label: "Display order",
      min: 0,
      step: 1,
      defaultValue: 0,
      half: true,
      hint: "Lower numbers play first.",
    },
  ];
  return fields;
}

const COLUMNS: DataTableColumn<LoeAudioRow>[] = [
  {
    id: "status",
    header: "Status",
    cell: (row) => {
      const status = adminTrackStatus(row);
      return status.state === "Ready" ? (
        <Badge variant="success">{AUDIO_TRACK_TEXT.ready}</Badge>
      ) : (
        <div className="space-y-1">
          <Badge variant="destructive">{AUDIO_TRACK_TEXT.error}</Badge>
          <p className="text-xs whitespace-nowrap text-destructive">{status.problem}</p>
        </div>
      );
    },
  },
  {
    id: "track",
    header: "Track",
    cell: (row) => (
      <TitleCell
        className="min-w-44"
        title={row.title}
        thumbnail={
          <Thumbnail
            src={row.artworkUrl}
            className="size-10"
            fallback={<Music2 aria-hidden className="size-4" />}
          />
        }
      >
        <p className="text-xs tabular-nums text-muted-foreground">{formatDuration(row.duration)}</p>
      </TitleCell>
    ),
  },
  {
    id: "source",
    header: "Source",
    hideOnMobile: true,
    cell: (row) => (
      <Badge variant={row.sourceType === "soundcloud" ? "gold" : "muted"}>
        {audioSourceLabel(row.sourceType)}
      </Badge>
    ),
  },
  {
    id: "artist",
    header: "Artist",
    hideOnMobile: true,
    cell: (row) => row.artist || <Empty />,
  },
  {
    id: "album",
    header: "Album",
    hideOnMobile: true,
    cell: (row) => row.album || <Empty />,
  },
  orderColumn(),
  flagColumn("isActive", "Active", { rowLabel: (row) => row.title }),
];

const LOE_AUDIO_SCREEN = defineCollectionScreen<LoeAudioRow>({
  addLabel: "Add Audio Track",
  list: {
    title: "Audio",
    description:
      "The LOE page's Audio Collection, in this order. A track plays from SoundCloud, an uploaded file or a link to an audio file.",
    caption: "LOE audio tracks",
  },
  texts: AUDIO_TRACK_TEXT,
  rowLabel: (row) => row.title,
  columns: COLUMNS,
  reorder: { header: "Move" },
  deleteConfirm: (row) => audioTrackDeleteConfirm(row.title),
});

export function LoeAudioTab({ tracks }: { tracks: LoadedList<LoeAudioRow> }) {
  return (
    <CollectionSection
      screen={LOE_AUDIO_SCREEN}
      list={tracks}
      intents={intents}
      renderDialog={(dialog) => <AudioTrackDialog dialog={dialog} />}
    />
  );
}

export function AudioTrackDialog({ dialog }: { dialog: EntityDialog<LoeAudioRow> }) {
  const editing = dialog.editing;
  const [steps, setSteps] = useState<Steps>(NO_STEPS);
  // Whole seconds, as the upload server read them from the file; the stored one until then.
  const [duration, setDuration] = useState<number | null>(editing?.duration ?? null);
  // Every opening starts from nothing uploaded and the row's own duration.
  useEffect(() => {
    if (!dialog.open) return;
    setSteps(NO_STEPS);
    setDuration(editing?.duration ?? null);
  }, [dialog.open, editing]);
  const step = (done: Partial<Steps>) => setSteps((current) => ({ ...current, ...done }));
  const progress = audioDialogProgress(steps);

  return (
    <EntityFormDialog
      {...dialog.dialogProps}
      intent={editing ? intents.update : intents.create}
      title={editing ? "Edit Audio Track" : "Add Audio Track"}
      fields={trackFields(duration, setDuration, step)}
      schema={editing ? audioTrackUpdateSchema : audioTrackCreateSchema}
      submitLabel={editing ? "Update Track" : "Add Track"}
      onSaved={() => step({ saved: true })}
    >
      {/* Controlled: React would put a hidden input's default value back on re-render. */}
      <input type="hidden" name="duration" value={duration ?? ""} />
      {progress > 0 && <DialogProgress value={progress} />}
    </EntityFormDialog>
  );
}

/** The dialog's progress as a whole (spec §4): 50, 75, 100. */
function DialogProgress({ value }: { value: number }) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="Track progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${value}%` }}
        />
      </div>
      <span className="w-10 text-right text-sm tabular-nums text-muted-foreground">{value}%</span>
    </div>
  );
}
