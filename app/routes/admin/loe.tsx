/**
 * Manage LOE (admin spec §2 "Manage LOE"): four tabs, Page Content, Videos, Audio and
 * Images, the open one kept in `?tab=`. One action serves them all; every intent
 * carries its tab's namespace (components/admin/loe/loe-admin.ts LOE_INTENTS).
 */
import { useEffect, useState } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Film, Image as ImageIcon, Music2, Type } from "lucide-react";
import { z } from "~/domain/zod";
import type { Route } from "./+types/loe";
import { AdminScreen } from "~/components/admin/kit/admin-screen";
import { LoeAudioTab } from "~/components/admin/loe/audio-tab";
import { LoeImagesTab } from "~/components/admin/loe/images-tab";
import { LOE_INTENTS, LOE_TABS, loeTabOf, type LoeTab } from "~/components/admin/loe/loe-admin";
import { LoePageContentTab } from "~/components/admin/loe/page-content-tab";
import type {
  Loaded,
  LoeAudioRow,
  LoeContent,
  LoeImageRow,
  LoeVideoRow,
} from "~/components/admin/loe/types";
import { LoeVideosTab } from "~/components/admin/loe/videos-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { soundCloudPlayerUrl } from "~/domain/audio";
import { entryId, formBoolean, formText } from "~/domain/form-fields";
import {
  AUDIO_TRACK_SAVE_FAILED,
  AUDIO_TRACK_TEXT,
  audioTrackCreateSchema,
  audioTrackUpdateSchema,
  type AudioTrackInput,
} from "~/domain/loe-audio-track";
import {
  LOE_IMAGE_TEXT,
  loeImageCreateSchema,
  loeImageDimensions,
  loeImageUpdateSchema,
} from "~/domain/loe-image";
import { LOE_VIDEO_TEXT, loeVideoCreateSchema, loeVideoUpdateSchema } from "~/domain/loe-video";
import { PAGE_CONTENT_TEXT, loeBannerTextSchema } from "~/domain/page-content-entry";
import { SITE_NAME } from "~/domain/site";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { AppError, NotFound, describeError } from "~/server/core/errors.server";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/database.server";
import {
  loeAudioTrackService,
  lookUpSoundCloudPlaylist,
} from "~/server/content/loe-audio-tracks.server";
import { loeImageService } from "~/server/content/loe-images.server";
import { loeVideoService } from "~/server/content/loe-videos.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import {
  listEditableContent,
  readContent,
  updatePageContent,
} from "~/server/content/page-content.server";
import { newToast } from "~/server/http/flash.server";

// ---------------------------------------------------------------------------
// Schemas of the row operations (the entities' own schemas live in app/domain)
// ---------------------------------------------------------------------------

const rowId = z.object({ id: entryId });
const activeFlag = z.object({
  id: entryId,
  flag: z.literal("isActive", { error: "Unknown switch" }),
  value: formBoolean(),
});
/** The full new order; one id arrives as a string, none as nothing. */
const newOrder = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(entryId)),
});
const soundCloudLookup = z.object({ url: formText() });
/** An edit whose rules depend on the stored row: checked in `run`, once the row is read. */
const editOfRow = z.looseObject({ id: entryId });

/** Runs a schema that needs the stored row; its first complaint goes beside its field. */
function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  throw new AppError(issue?.message ?? "Invalid data", 400, "Error", field);
}

/**
 * Spec §8: "Failed to create audio track: {message or Unknown error}". The action
 * adds the message of an expected failure; an unexpected one is logged here and
 * reported as "Unknown error".
 */
async function withKnownMessage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (describeError(error).expected) throw error;
    logger.error({ err: error }, "LOE audio track save failed");
    throw new AppError("Unknown error", 500);
  }
}

/** The stored fields of a track: a duration belongs to an uploaded file only. */
function trackValues(input: Omit<AudioTrackInput, "sourceType"> & { sourceType: string }) {
  if (input.sourceType === "soundcloud" && !soundCloudPlayerUrl(input.soundcloudEmbedUrl ?? "")) {
    throw new AppError(AUDIO_TRACK_TEXT.invalidSoundCloudUrl, 400, "Error", "soundcloudEmbedUrl");
  }
  return { ...input, duration: input.sourceType === "file" ? input.duration : null };
}

// ---------------------------------------------------------------------------
// Loader
// ---------------------------------------------------------------------------

async function loadPart<T>(message: string, read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    logger.error({ err: error }, message);
    return { ok: false, message };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [content, videos, tracks, images] = await Promise.all([
    loadPart(PAGE_CONTENT_TEXT.loeLoadFailed, async (): Promise<LoeContent> => {
      const [[header, banner], contact] = await Promise.all([
        listEditableContent(db, ["loe", "loe-banner-text"]),
        readContent(db, ["contact-email"]),
      ]);
      return {
        header: header!,
        bannerTemplate: banner?.description ?? "",
        contactEmail: contact["contact-email"].value,
      };
    }),
    loadPart(LOE_VIDEO_TEXT.fetchFailed, async () =>
      (await loeVideoService.listAll(db)).map((v): LoeVideoRow => ({
        id: v.id,
        title: v.title,
        description: v.description,
        embedId: v.embedId,
        videoUrl: v.videoUrl,
        thumbnailUrl: v.thumbnailUrl,
        orderIndex: v.orderIndex,
        isActive: v.isActive,
      })),
    ),
    loadPart(AUDIO_TRACK_TEXT.fetchFailed, async () =>
      (await loeAudioTrackService.listAll(db)).map((t): LoeAudioRow => ({
        id: t.id,
        title: t.title,
        artist: t.artist,
        album: t.album,
        sourceType: t.sourceType,
        soundcloudEmbedUrl: t.soundcloudEmbedUrl,
        audioUrl: t.audioUrl,
        artworkUrl: t.artworkUrl,
        duration: t.duration,
        orderIndex: t.orderIndex,
        isActive: t.isActive,
      })),
    ),
    loadPart(LOE_IMAGE_TEXT.fetchFailed, async () =>
      (await loeImageService.listAll(db)).map((i): LoeImageRow => ({
        id: i.id,
        title: i.title,
        altText: i.altText,
        caption: i.caption,
        imageUrl: i.imageUrl,
        width: i.width,
        height: i.height,
        orderIndex: i.orderIndex,
        isActive: i.isActive,
      })),
    ),
  ]);
  const failed = [content, videos, tracks, images].find((part) => !part.ok);
  return {
    content,
    videos,
    tracks,
    images,
    toast: failed && !failed.ok ? newToast("error", "Error", failed.message) : null,
  };
}

// ---------------------------------------------------------------------------
// Action
// ---------------------------------------------------------------------------

const { video, image, audio } = LOE_INTENTS;

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    // Page Content
    [LOE_INTENTS.content]: updateContentIntent,
    [LOE_INTENTS.banner]: intent({
      schema: loeBannerTextSchema,
      // Spec §7: only the description changes; the stored title stays.
      run: async ({ db, actor, input }) => {
        const { "loe-banner-text": stored } = await readContent(db, ["loe-banner-text"]);
        return updatePageContent(db, actor, {
          pageName: "loe-banner-text",
          title: stored.title,
          description: input.description,
        });
      },
      success: PAGE_CONTENT_TEXT.bannerUpdated,
      failure: PAGE_CONTENT_TEXT.bannerUpdateFailed,
    }),

    // Videos
    [video.create]: intent({
      schema: loeVideoCreateSchema,
      run: ({ db, actor, input }) => loeVideoService.create(db, actor, input),
      success: LOE_VIDEO_TEXT.created,
      failure: LOE_VIDEO_TEXT.saveFailed,
    }),
    [video.update]: intent({
      schema: editOfRow,
      run: async ({ db, actor, input }) => {
        const stored = await loeVideoService.get(db, input.id);
        if (!stored) throw new NotFound();
        // "A file unless editing one that has a URL": the rule needs the stored video.
        const { id, ...values } = parseOrRefuse(loeVideoUpdateSchema(stored), input);
        return loeVideoService.update(db, actor, id, values);
      },
      success: LOE_VIDEO_TEXT.updated,
      failure: LOE_VIDEO_TEXT.updateFailed,
    }),
    [video.delete]: intent({
      schema: rowId,
      run: ({ db, actor, input }) => loeVideoService.remove(db, actor, input.id),
      success: LOE_VIDEO_TEXT.deleted,
      failure: LOE_VIDEO_TEXT.deleteFailed,
    }),
    [video.setFlag]: intent({
      schema: activeFlag,
      run: ({ db, actor, input }) =>
        loeVideoService.setFlag(db, actor, input.id, "isActive", input.value),
      success: (_row, input) => ({
        title: input.value ? LOE_VIDEO_TEXT.shown : LOE_VIDEO_TEXT.hidden,
      }),
      failure: LOE_VIDEO_TEXT.updateFailed,
    }),
    [video.reorder]: intent({
      schema: newOrder,
      run: ({ db, actor, input }) => loeVideoService.reorder(db, actor, input.ids),
      success: LOE_VIDEO_TEXT.reordered,
      failure: LOE_VIDEO_TEXT.reorderFailed,
    }),

    // Images
    [image.create]: intent({
      schema: loeImageCreateSchema,
      run: ({ db, actor, input }) => {
        const { width: _w, height: _h, dimensionsFor: _for, ...values } = input;
        return loeImageService.create(db, actor, { ...values, ...loeImageDimensions(input) });
      },
      success: LOE_IMAGE_TEXT.created,
      failure: LOE_IMAGE_TEXT.saveFailed,
    }),
    [image.update]: intent({
      schema: loeImageUpdateSchema,
      run: async ({ db, actor, input }) => {
        const stored = await loeImageService.get(db, input.id);
        if (!stored) throw new NotFound();
        const { id, width: _w, height: _h, dimensionsFor: _for, ...values } = input;
        return loeImageService.update(db, actor, id, {
          ...values,
          ...loeImageDimensions(input, stored.imageUrl),
        });
      },
      success: LOE_IMAGE_TEXT.updated,
      failure: LOE_IMAGE_TEXT.updateFailed,
    }),
    [image.delete]: intent({
      schema: rowId,
      run: ({ db, actor, input }) => loeImageService.remove(db, actor, input.id),
      success: LOE_IMAGE_TEXT.deleted,
      failure: LOE_IMAGE_TEXT.deleteFailed,
    }),
    [image.setFlag]: intent({
      schema: activeFlag,
      run: ({ db, actor, input }) =>
        loeImageService.setFlag(db, actor, input.id, "isActive", input.value),
      success: (_row, input) => ({
        title: input.value ? LOE_IMAGE_TEXT.shown : LOE_IMAGE_TEXT.hidden,
      }),
      failure: LOE_IMAGE_TEXT.updateFailed,
    }),
    [image.reorder]: intent({
      schema: newOrder,
      run: ({ db, actor, input }) => loeImageService.reorder(db, actor, input.ids),
      success: LOE_IMAGE_TEXT.reordered,
      failure: LOE_IMAGE_TEXT.reorderFailed,
    }),

    // Audio
    [audio.create]: intent({
      schema: audioTrackCreateSchema,
      run: ({ db, actor, input }) =>
        withKnownMessage(() => loeAudioTrackService.create(db, actor, trackValues(input))),
      success: AUDIO_TRACK_TEXT.created,
      failure: AUDIO_TRACK_SAVE_FAILED.create,
    }),
    [audio.update]: intent({
      schema: audioTrackUpdateSchema,
      run: ({ db, actor, input }) =>
        withKnownMessage(() => {
          const { id, ...values } = input;
          return loeAudioTrackService.update(db, actor, id, trackValues(values));
        }),
      success: AUDIO_TRACK_TEXT.updated,
      failure: AUDIO_TRACK_SAVE_FAILED.update,
    }),
    [audio.delete]: intent({
      schema: rowId,
      run: ({ db, actor, input }) => loeAudioTrackService.remove(db, actor, input.id),
      success: AUDIO_TRACK_TEXT.deleted,
      failure: AUDIO_TRACK_TEXT.deleteFailed,
    }),
    [audio.setFlag]: intent({
      schema: activeFlag,
      run: ({ db, actor, input }) =>
        loeAudioTrackService.setFlag(db, actor, input.id, "isActive", input.value),
      success: AUDIO_TRACK_TEXT.updated,
      failure: AUDIO_TRACK_SAVE_FAILED.update,
    }),
    [audio.reorder]: intent({
      schema: newOrder,
      run: ({ db, actor, input }) => loeAudioTrackService.reorder(db, actor, input.ids),
      success: AUDIO_TRACK_TEXT.reordered,
      failure: AUDIO_TRACK_TEXT.reorderFailed,
    }),
    [audio.soundCloudInfo]: intent({
      schema: soundCloudLookup,
      run: async ({ input }) => ({
        url: input.url,
        info: await lookUpSoundCloudPlaylist(input.url),
      }),
      success: "SoundCloud link checked",
      failure: "Could not read the SoundCloud link",
    }),
  });
}

/**
 * Switching tabs only changes `?tab=`, and a SoundCloud lookup changes nothing: neither
 * reloads the screen's data.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === audio.soundCloudInfo) return false;
  if (!formData && currentUrl.pathname === nextUrl.pathname) {
    const withoutTab = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete("tab");
      params.sort();
      return params.toString();
    };
    if (withoutTab(currentUrl) === withoutTab(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
}

// ---------------------------------------------------------------------------
// Screen
// ---------------------------------------------------------------------------

const TAB_ICONS: Record<LoeTab, React.ReactNode> = {
  "page-content": <Type aria-hidden />,
  videos: <Film aria-hidden />,
  audio: <Music2 aria-hidden />,
  images: <ImageIcon aria-hidden />,
};

export default function ManageLoe({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlTab = loeTabOf(searchParams.get("tab"));
  // The tab switches at once; the address follows, so a reload or a link opens it again.
  const [tab, setTab] = useState<LoeTab>(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);

  return (
    <AdminScreen
      title="Manage LOE"
      description="The LOE page: its header and contact banner, the videos, the audio collection and the photo gallery. Changes show on the public page at its next load."
    >
      <Tabs
        value={tab}
        onValueChange={(next) => {
          setTab(loeTabOf(next));
          void setSearchParams(
            (params) => {
              params.set("tab", next);
              return params;
            },
            { replace: true, preventScrollReset: true },
          );
        }}
      >
        <TabsList aria-label="Parts of the LOE page">
          {LOE_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="px-3 sm:px-4">
              <span className="hidden sm:contents">{TAB_ICONS[t.value]}</span>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="page-content">
          <LoePageContentTab content={loaderData.content} />
        </TabsContent>
        <TabsContent value="videos">
          <LoeVideosTab videos={loaderData.videos} />
        </TabsContent>
        <TabsContent value="audio">
          <LoeAudioTab tracks={loaderData.tracks} />
        </TabsContent>
        <TabsContent value="images">
          <LoeImagesTab images={loaderData.images} />
        </TabsContent>
      </Tabs>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Manage LOE | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
