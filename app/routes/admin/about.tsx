import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/about";
import { AboutContentEditors } from "~/components/admin/about/about-content-editors";
import {
  ABOUT_INTENTS,
  ABOUT_TAB_PARAM,
  ABOUT_TABS,
  aboutTabOf,
  searchWithTab,
  type AboutTab,
} from "~/components/admin/about/about-tabs";
import { CollaborationsPanel } from "~/components/admin/about/collaborations-panel";
import { InfluencesPanel } from "~/components/admin/about/influences-panel";
import { StatsPanel } from "~/components/admin/about/stats-panel";
import { AdminScreen } from "~/components/admin/kit/admin-screen";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  COLLABORATION_TEXT,
  collaborationCreateSchema,
  collaborationDeleteSchema,
} from "~/domain/collaboration";
import { INFLUENCE_TEXT, influenceCreateSchema, influenceDeleteSchema } from "~/domain/influence";
import { PAGE_CONTENT_TEXT } from "~/domain/page-content-entry";
import { ABOUT_PAGE_KEYS } from "~/domain/page-content-keys";
import { SITE_NAME } from "~/domain/site";
import { STAT_TEXT, statCreateSchema, statDeleteSchema } from "~/domain/stat";
import { useToastMessage, type ToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
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
    [ABOUT_INTENTS.influenceCreate]: intent({
      schema: influenceCreateSchema,
      run: ({ db, actor, input }) => influenceService.create(db, actor, input),
      success: (row) => ({ title: INFLUENCE_TEXT.added, description: row.name }),
      failure: INFLUENCE_TEXT.addFailed,
    }),
    [ABOUT_INTENTS.influenceDelete]: intent({
      schema: influenceDeleteSchema,
      run: ({ db, actor, input }) => influenceService.remove(db, actor, input.id),
      success: (row) => ({ title: INFLUENCE_TEXT.deleted, description: row.name }),
      failure: INFLUENCE_TEXT.deleteFailed,
    }),
    [ABOUT_INTENTS.collaborationCreate]: intent({
      schema: collaborationCreateSchema,
      run: ({ db, actor, input }) => collaborationService.create(db, actor, input),
      success: (row) => ({
        title: COLLABORATION_TEXT.added,
        description: `${row.artist}, ${row.project}`,
      }),
      failure: COLLABORATION_TEXT.addFailed,
    }),
    [ABOUT_INTENTS.collaborationDelete]: intent({
      schema: collaborationDeleteSchema,
      run: ({ db, actor, input }) => collaborationService.remove(db, actor, input.id),
      success: (row) => ({
        title: COLLABORATION_TEXT.deleted,
        description: `${row.artist}, ${row.project}`,
      }),
      failure: COLLABORATION_TEXT.deleteFailed,
    }),
    [ABOUT_INTENTS.statCreate]: intent({
      schema: statCreateSchema,
      run: ({ db, actor, input }) => statService.create(db, actor, input),
      success: (row) => ({
        title: STAT_TEXT.added,
        description: `${row.numberValue} ${row.label}`,
      }),
      failure: STAT_TEXT.addFailed,
    }),
    [ABOUT_INTENTS.statDelete]: intent({
      schema: statDeleteSchema,
      run: ({ db, actor, input }) => statService.remove(db, actor, input.id),
      success: (row) => ({
        title: STAT_TEXT.deleted,
        description: `${row.numberValue} ${row.label}`,
      }),
      failure: STAT_TEXT.deleteFailed,
    }),
  });
}

/** Switching tabs only changes `?tab=`: nothing to load again for that. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const current = new URLSearchParams(currentUrl.search);
  const next = new URLSearchParams(nextUrl.search);
  current.delete(ABOUT_TAB_PARAM);
  next.delete(ABOUT_TAB_PARAM);
  return current.toString() === next.toString() ? false : defaultShouldRevalidate;
}

function LoadFailureToasts({ toasts }: { toasts: readonly ToastMessage[] }) {
  return toasts.map((toast) => <LoadFailureToast key={toast.id} toast={toast} />);
}

function LoadFailureToast({ toast }: { toast: ToastMessage }) {
  useToastMessage(toast);
  return null;
}

export default function ManageAbout({ loaderData }: Route.ComponentProps) {
  const { entries, lists, failures } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = aboutTabOf(searchParams);

  return (
    <AdminScreen
      title="Manage About Page"
      description="The biography, portrait and section texts of the about page, and its lists: influences, collaborations and the figures in numbers."
    >
      <LoadFailureToasts toasts={loaderData.toasts} />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setSearchParams((current) => searchWithTab(current, next as AboutTab), {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <TabsList
          aria-label="Parts of the about page"
          // Two by two on a phone, so every tab is in view.
          className="max-sm:grid max-sm:w-full max-sm:grid-cols-2 max-sm:rounded-2xl"
        >
          {ABOUT_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
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
      </Tabs>
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Manage About Page | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
