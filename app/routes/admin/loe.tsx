/**
 * Manage LOE (admin spec §2 "Manage LOE"): four tabs, Page Content, Videos, Audio and
 * Images, the open one kept in `?tab=`. One action serves them all; every intent
 * carries its tab's namespace (components/admin/loe/loe-admin.ts LOE_INTENTS).
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Film, Image as ImageIcon, Music2, Type } from "lucide-react";
import { adminClientAction } from "~/components/admin/kit/connection";
import type { Route } from "./+types/loe";
import { AdminScreen } from "~/components/admin/kit/admin-screen";
import { UrlTabs, tabsShouldRevalidate } from "~/components/admin/kit/url-tabs";
import { LoeAudioTab } from "~/components/admin/loe/audio-tab";
import { LoeImagesTab } from "~/components/admin/loe/images-tab";
import { LOE_INTENTS, LOE_TABS } from "~/components/admin/loe/loe-admin";
import { LoePageContentTab } from "~/components/admin/loe/page-content-tab";
import { toLoeAudioRow, toLoeImageRow, toLoeVideoRow } from "~/components/admin/loe/types";
import { LoeVideosTab } from "~/components/admin/loe/videos-tab";
import { TabsContent } from "~/components/ui/tabs";
import { rowFlagSchema } from "~/domain/admin/collection-rows";
import {
  AUDIO_TRACK_SAVE_FAILED,
  AUDIO_TRACK_TEXT,
  audioTrackCreateSchema,
  audioTrackUpdateSchema,
} from "~/domain/content/loe/loe-audio-track";
import {
  LOE_IMAGE_TEXT,
  loeImageCreateSchema,
  loeImageUpdateSchema,
} from "~/domain/content/loe/loe-image";
import {
  LOE_VIDEO_TEXT,
  loeVideoCreateSchema,
  loeVideoUpdateSchema,
} from "~/domain/content/loe/loe-video";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { adminMeta } from "~/domain/pages/seo";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import {
  collectionIntents,
  loadCollectionRows,
  loadFailedToast,
  loadScreenPart,
} from "~/server/admin/collection-screen.server";
import { requireAdmin } from "~/server/auth/access.server";
import {
  audioTrackValues,
  loeAudioTrackService,
  soundCloudLookupIntent,
} from "~/server/content/loe-audio-tracks.server";
import { loeImageService, loeImageValues } from "~/server/content/loe-images.server";
import { loeVideoService } from "~/server/content/loe-videos.server";
import {
  updateBannerTextIntent,
  updateContentIntent,
} from "~/server/content/page-content-intent.server";
import { readLoeEditorContent } from "~/server/content/page-content.server";
import { getDb } from "~/server/db/database.server";

const activeFlag = rowFlagSchema(["isActive"]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [content, videos, tracks, images] = await Promise.all([
    loadScreenPart(readLoeEditorContent(db), PAGE_CONTENT_TEXT.loeLoadFailed),
    loadCollectionRows(loeVideoService.listAll(db), toLoeVideoRow, LOE_VIDEO_TEXT),
    loadCollectionRows(loeAudioTrackService.listAll(db), toLoeAudioRow, AUDIO_TRACK_TEXT),
    loadCollectionRows(loeImageService.listAll(db), toLoeImageRow, LOE_IMAGE_TEXT),
  ]);
  return {
    content,
    videos,
    tracks,
    images,
    toast: loadFailedToast(content, videos, tracks, images),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    // Page Content
    [LOE_INTENTS.content]: updateContentIntent,
    [LOE_INTENTS.banner]: updateBannerTextIntent,
    ...collectionIntents(loeVideoService, {
      texts: LOE_VIDEO_TEXT,
      intents: LOE_INTENTS.video,
      create: loeVideoCreateSchema,
      // "A file unless editing one that has a URL": the rule needs the stored video.
      update: { schema: loeVideoUpdateSchema },
      flags: activeFlag,
      reorder: true,
    }),
    ...collectionIntents(loeImageService, {
      texts: LOE_IMAGE_TEXT,
      intents: LOE_INTENTS.image,
      create: { schema: loeImageCreateSchema, values: (input) => loeImageValues(input) },
      update: {
        schema: loeImageUpdateSchema,
        values: (input, stored) => loeImageValues(input, stored.imageUrl),
      },
      flags: activeFlag,
      reorder: true,
    }),
    ...collectionIntents(loeAudioTrackService, {
      // Spec §8: "Failed to create audio track: {message or Unknown error}".
      texts: {
        ...AUDIO_TRACK_TEXT,
        saveFailed: AUDIO_TRACK_SAVE_FAILED.create,
        updateFailed: AUDIO_TRACK_SAVE_FAILED.update,
      },
      unexpected: "Unknown error",
      intents: LOE_INTENTS.audio,
      create: { schema: audioTrackCreateSchema, values: audioTrackValues },
      update: { schema: audioTrackUpdateSchema, values: audioTrackValues },
      flags: activeFlag,
      reorder: true,
    }),
    [LOE_INTENTS.audio.soundCloudInfo]: soundCloudLookupIntent,
  });
}

const onlyTheTabChanged = tabsShouldRevalidate(LOE_TABS);

/** Switching tabs, or a SoundCloud lookup (which changes nothing), reloads no data. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.formData?.get("intent") === LOE_INTENTS.audio.soundCloudInfo) return false;
  return onlyTheTabChanged(args);
}

const TAB_ICONS = {
  "page-content": <Type aria-hidden />,
  videos: <Film aria-hidden />,
  audio: <Music2 aria-hidden />,
  images: <ImageIcon aria-hidden />,
};

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);

export default function ManageLoe({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      toasts={[loaderData.toast]}
      title="Manage LOE"
      description="The LOE page: its header and contact banner, the videos, the audio collection and the photo gallery. Changes show on the public page at its next load."
    >
      <UrlTabs
        config={LOE_TABS}
        label="Parts of the LOE page"
        icons={TAB_ICONS}
        triggerClassName="px-3 sm:px-4"
      >
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
      </UrlTabs>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Manage LOE");
