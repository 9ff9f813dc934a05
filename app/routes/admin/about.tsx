import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import type { Route } from "./+types/about";
import { AboutContentEditors } from "~/components/admin/about/about-content-editors";
import { ABOUT_INTENTS, ABOUT_LISTS, ABOUT_TABS } from "~/components/admin/about/about-tabs";
import { CollaborationsPanel } from "~/components/admin/about/collaborations-panel";
import { InfluencesPanel } from "~/components/admin/about/influences-panel";
import { StatsPanel } from "~/components/admin/about/stats-panel";
import { AdminScreen } from "~/components/admin/kit/admin-screen";
import { UrlTabs, tabsShouldRevalidate } from "~/components/admin/kit/url-tabs";
import { TabsContent } from "~/components/ui/tabs";
import {
  COLLABORATION_TEXT,
  collaborationCreateSchema,
} from "~/domain/content/about/collaboration";
import { INFLUENCE_TEXT, influenceCreateSchema } from "~/domain/content/about/influence";
import { PAGE_CONTENT_TEXT } from "~/domain/content/page-content/entry-form";
import { ABOUT_PAGE_KEYS } from "~/domain/content/page-content/keys";
import { STAT_TEXT, statCreateSchema } from "~/domain/content/about/stat";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { collectionIntents } from "~/server/admin/collection-screen.server";
import { requireAdmin } from "~/server/auth/access.server";
import { collaborationService } from "~/server/content/collaborations.server";
import { influenceService } from "~/server/content/influences.server";
import { updateContentIntent } from "~/server/content/page-content-intent.server";
import { listEditableContent } from "~/server/content/page-content.server";
import { statService } from "~/server/content/stats.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [content, influences, collaborations, stats] = await Promise.all([
    orNull(listEditableContent(db, ABOUT_PAGE_KEYS), "about page content"),
    orNull(influenceService.listAll(db), "influences"),
    orNull(collaborationService.listAll(db), "collaborations"),
    orNull(statService.listAll(db), "stats"),
  ]);
  // Each part stands on its own: a list that fails says so in its tab (and a toast),
  // the other tabs work as usual.
  const failures = {
    content: content ? null : PAGE_CONTENT_TEXT.allFetchFailed,
    influences: influences ? null : INFLUENCE_TEXT.fetchFailed,
    collaborations: collaborations ? null : COLLABORATION_TEXT.fetchFailed,
    stats: stats ? null : STAT_TEXT.fetchFailed,
  };
  return {
    entries: (content ?? []).map((entry) => ({
      ...entry,
      pageName: entry.pageName as (typeof ABOUT_PAGE_KEYS)[number],
      // The portrait takes PNG or JPEG (admin spec §5 "Files").
      uploadKind: entry.pageName === "about-hero-image" ? ("about-hero" as const) : undefined,
    })),
    lists: {
      influences: (influences ?? []).map(({ id, name }) => ({ id, name })),
      collaborations: (collaborations ?? []).map(({ id, artist, project, year }) => ({
        id,
        artist,
        project,
        year,
      })),
      stats: (stats ?? []).map(({ id, iconName, numberValue, label }) => ({
        id,
        iconName,
        numberValue,
        label,
      })),
    },
    failures,
    toasts: Object.values(failures)
      .filter((message) => message !== null)
      .map((message) => newToast("error", "Error", message)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    [ABOUT_INTENTS.updateContent]: updateContentIntent,
    ...collectionIntents(influenceService, {
      texts: INFLUENCE_TEXT,
      intents: ABOUT_LISTS.influence,
      name: (row) => row.name,
      create: influenceCreateSchema,
    }),
    ...collectionIntents(collaborationService, {
      texts: COLLABORATION_TEXT,
      intents: ABOUT_LISTS.collaboration,
      name: (row) => `${row.artist}, ${row.project}`,
      create: collaborationCreateSchema,
    }),
    ...collectionIntents(statService, {
      texts: STAT_TEXT,
      intents: ABOUT_LISTS.stat,
      name: (row) => `${row.numberValue} ${row.label}`,
      create: statCreateSchema,
    }),
  });
}

/** Switching tabs only changes `?tab=`: nothing to load again for that. */
export const shouldRevalidate = tabsShouldRevalidate(ABOUT_TABS);

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);

export default function ManageAbout({ loaderData }: Route.ComponentProps) {
  const { entries, lists, failures } = loaderData;

  return (
    <AdminScreen
      toasts={loaderData.toasts}
      title="Manage About Page"
      description="The biography, portrait and section texts of the about page, and its lists: influences, collaborations and the figures in numbers."
    >
      <UrlTabs
        config={ABOUT_TABS}
        label="Parts of the about page"
        // Two by two on a phone, so every tab is in view.
        listClassName="max-sm:grid max-sm:w-full max-sm:grid-cols-2 max-sm:rounded-2xl"
      >
        <TabsContent value="content">
          <AboutContentEditors entries={entries} lists={lists} loadFailed={failures.content} />
        </TabsContent>
        <TabsContent value="influences">
          <InfluencesPanel influences={lists.influences} loadFailed={failures.influences} />
        </TabsContent>
        <TabsContent value="collaborations">
          <CollaborationsPanel
            collaborations={lists.collaborations}
            loadFailed={failures.collaborations}
          />
        </TabsContent>
        <TabsContent value="statistics">
          <StatsPanel stats={lists.stats} loadFailed={failures.stats} />
        </TabsContent>
      </UrlTabs>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Manage About Page");
