/**
 * /admin/newsletter (issue 22): the campaigns with their figures, the letter editor
 * with its live preview, tests, sending and schedules. docs/decisions/038.
 */
import type { Route } from "./+types/newsletter";
import { adminClientAction } from "~/components/admin/kit/connection";
import {
  NewsletterScreen,
  type CampaignListRow,
} from "~/components/admin/newsletter/newsletter-screen";
import {
  CAMPAIGN_TEXT,
  audienceOf,
  campaignFieldsSchema,
  fieldsOf,
  scheduleInstant,
  scheduleSchema,
} from "~/domain/audience/letters/campaign-form";
import { letterPalette } from "~/domain/audience/letters/palette";
import { adminMeta } from "~/domain/pages/seo";
import { SITE_NAME } from "~/domain/core/site";
import { z } from "~/domain/core/zod";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import {
  audienceReach,
  audienceSize,
  cancelSchedule,
  clicksByLink,
  createDraft,
  currentLetterPalette,
  createTourMailDraft,
  deleteDraft,
  duplicateCampaign,
  listCampaigns,
  listCardChoices,
  resendUnknownRows,
  scheduleCampaign,
  sendCampaignNow,
  sendTestLetter,
  updateDraft,
  type CampaignSummary,
} from "~/server/audience/campaigns.server";
import { requireAdmin } from "~/server/auth/access.server";
import { ValidationError } from "~/server/core/errors.server";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";

function toRow(c: CampaignSummary): CampaignListRow {
  return {
    id: c.id,
    subject: c.subject,
    status: c.status as CampaignListRow["status"],
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    startedAt: c.startedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    slug: c.slug,
    publishOnWeb: c.publishOnWeb,
    clickTracking: c.clickTracking,
    failureReason: c.failureReason,
    figures: c.figures,
  };
}

const idSchema = z.object({ id: z.uuid(CAMPAIGN_TEXT.notFound) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const env = getEnv();
  const [campaigns, cards, palette] = await Promise.all([
    orNull(listCampaigns(db), "newsletter campaigns"),
    orNull(listCardChoices(db), "letter cards"),
    orNull(currentLetterPalette(db), "letter colours"),
  ]);
  const rows = (campaigns ?? []).map(toRow);
  const wanted = new URL(request.url).searchParams.get("letter");
  const found = campaigns?.find((c) => c.id === wanted) ?? null;
  const reach = found ? await orNull(audienceReach(db, found.audience), "audience") : null;
  const open = found
    ? {
        id: found.id,
        fields: fieldsOf(found),
        sentHtml: found.sentHtml,
        sentText: found.sentText,
        clicks:
          found.status === "draft"
            ? []
            : ((await orNull(clicksByLink(db, found.id), "clicks")) ?? []),
        audienceCount: reach?.count ?? 0,
        audienceProblem: reach?.problem ?? null,
      }
    : null;
  return {
    campaigns: rows,
    loadFailed: campaigns ? null : CAMPAIGN_TEXT.loadFailed,
    cards: cards ?? { event: [], product: [], track: [], video: [] },
    /** The letter's colours from the active theme: the preview is the mail as it leaves. */
    palette: palette ?? letterPalette(null),
    timeZone: env.SITE_TIME_ZONE,
    siteUrl: env.SITE_URL,
    siteName: SITE_NAME,
    /** ?letter=new opens an empty editor; ?letter=<id> a campaign. */
    editing: wanted === "new" ? ("new" as const) : open ? found!.id : null,
    open,
    newAudienceCount:
      wanted === "new" ? ((await orNull(audienceSize(db, { kind: "all" }), "audience")) ?? 0) : 0,
    wantedMissing: Boolean(wanted && wanted !== "new" && campaigns && !found),
  };
}

const saveSchema = campaignFieldsSchema.and(z.object({ id: z.string().optional().default("") }));

/** The audience fields alone, for the live count; anything unreadable counts as nobody. */
const countSchema = z.object({
  audienceKind: z.string().optional().default("all"),
  eventId: z.string().optional().default(""),
  radiusKm: z.string().optional().default("150"),
  itemId: z.string().optional().default(""),
});

export async function action({ request }: Route.ActionArgs) {
  const timeZone = getEnv().SITE_TIME_ZONE;
  return handleAdminAction(request, {
    save: intent({
      schema: saveSchema,
      run: async ({ db, actor, input }) => {
        const row = input.id
          ? await updateDraft(db, input.id, input, { actor })
          : await createDraft(db, input, { actor });
        return { id: row.id, created: !input.id };
      },
      success: (r) => ({ title: r.created ? CAMPAIGN_TEXT.created : CAMPAIGN_TEXT.saved }),
      failure: CAMPAIGN_TEXT.saveFailed,
    }),
    count: intent({
      schema: countSchema,
      run: async ({ db, input }) => {
        const parsed = campaignFieldsSchema.safeParse({ subject: "count", ...input });
        if (!parsed.success) return { count: 0, problem: null };
        return audienceReach(db, audienceOf(parsed.data));
      },
      success: "Counted",
      failure: "Failed to count the audience",
    }),
    "tell-fans": intent({
      schema: z.object({ eventId: z.uuid(CAMPAIGN_TEXT.unknownEvent) }),
      run: async ({ db, actor, input }) => {
        const draft = await createTourMailDraft(db, input.eventId, { actor });
        return { id: draft.id, problem: (await audienceReach(db, draft.audience)).problem };
      },
      // A concert whose city was typed has nobody "nearby": said at once, with the draft.
      success: (r) => ({
        title: CAMPAIGN_TEXT.created,
        ...(r.problem ? { description: r.problem } : {}),
      }),
      failure: CAMPAIGN_TEXT.saveFailed,
    }),
    delete: intent({
      schema: idSchema,
      run: ({ db, actor, input }) => deleteDraft(db, input.id, { actor }),
      success: CAMPAIGN_TEXT.deleted,
      failure: CAMPAIGN_TEXT.deleteFailed,
    }),
    duplicate: intent({
      schema: idSchema,
      run: async ({ db, actor, input }) => ({
        id: (await duplicateCampaign(db, input.id, { actor })).id,
      }),
      success: CAMPAIGN_TEXT.duplicated,
      failure: CAMPAIGN_TEXT.duplicateFailed,
    }),
    schedule: intent({
      schema: idSchema.and(scheduleSchema),
      run: async ({ db, actor, input }) => {
        const at = scheduleInstant(input, timeZone, new Date());
        if (!at.ok) throw new ValidationError(at.message, { date: [at.message] });
        return scheduleCampaign(db, input.id, at.at, { actor });
      },
      success: CAMPAIGN_TEXT.scheduled,
      failure: CAMPAIGN_TEXT.scheduleFailed,
    }),
    "cancel-schedule": intent({
      schema: idSchema,
      run: ({ db, actor, input }) => cancelSchedule(db, input.id, { actor }),
      success: CAMPAIGN_TEXT.scheduleCancelled,
      failure: CAMPAIGN_TEXT.cancelFailed,
    }),
    "send-now": intent({
      schema: idSchema,
      run: ({ db, actor, input }) => sendCampaignNow(db, input.id, { actor }),
      success: (r) => ({
        title: CAMPAIGN_TEXT.sendStarted,
        description: `${r.recipients.toLocaleString("en-US")} ${r.recipients === 1 ? "subscriber" : "subscribers"}`,
      }),
      failure: CAMPAIGN_TEXT.sendFailed,
    }),
    "send-test": intent({
      schema: idSchema,
      run: ({ db, actor, input }) => sendTestLetter(db, input.id, actor),
      success: (r) => ({
        title: CAMPAIGN_TEXT.testSent,
        description: r.delivered
          ? CAMPAIGN_TEXT.testDelivered(r.address)
          : CAMPAIGN_TEXT.testNoSmtp(r.address),
      }),
      failure: CAMPAIGN_TEXT.testFailed,
    }),
    "resend-unknown": intent({
      schema: idSchema,
      run: ({ db, actor, input }) => resendUnknownRows(db, input.id, { actor }),
      success: (n) => ({
        title: CAMPAIGN_TEXT.resent,
        description: `${n} ${n === 1 ? "address" : "addresses"}`,
      }),
      failure: CAMPAIGN_TEXT.resendFailed,
    }),
  });
}

/** A post lost in transit keeps the screen as it was (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  return <NewsletterScreen {...loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");
