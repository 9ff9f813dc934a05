/**
 * The campaign screen's forms and words (issue 22, docs/decisions/038): one schema for
 * the browser and the server, the schedule rule, and every text the screen shows.
 */
import { parseLetter } from "./letter";
import { emptyProgress, type CampaignProgress } from "./sending";
import {
  AUDIENCE_RADIUS_KM,
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_PREHEADER_MAX,
  CAMPAIGN_SUBJECT_MAX,
  TOUR_MAIL_DEFAULT_RADIUS_KM,
  type CampaignAudience,
  type CampaignStatus,
} from "./campaign";
import { zonedTimeToInstant } from "../../core/time-zone";
import { z } from "../../core/zod";
import { formatWholeNumber } from "../../core/money";

export const CAMPAIGN_TEXT = {
  title: "Newsletter",
  description:
    "Letters to your confirmed subscribers: write, preview, test, then send now or at a time you choose.",
  noOpenTracking:
    "There is no open tracking: mail clients now fetch every image of every mail on arrival, so an 'opened' figure would be a made-up number. Clicks are counted only when you turn click tracking on, per link and per day, never per person.",
  empty: "No letters yet. Write your first one: it stays a draft until you send it.",
  loadFailed: "Failed to load the newsletter",
  subjectRequired: "Subject is required",
  subjectTooLong: `The subject must be under ${CAMPAIGN_SUBJECT_MAX + 1} characters`,
  preheaderTooLong: `The preview line must be under ${CAMPAIGN_PREHEADER_MAX + 1} characters`,
  bodyTooLong: `This letter is too long: keep it under ${formatWholeNumber(CAMPAIGN_BODY_MAX)} characters (about 15,000 words). Long letters are clipped by mail clients anyway.`,
  radiusBounds: `The distance must be a whole number of km from ${AUDIENCE_RADIUS_KM.min} to ${formatWholeNumber(AUDIENCE_RADIUS_KM.max)}`,
  eventRequired: "Choose the concert whose fans should get it",
  itemRequired: "Choose the product whose buyers should get it",
  unknownEvent: "That event no longer exists. Choose another one.",
  unknownItem: "That product no longer exists. Choose another one.",
  notEditable: "Only drafts and scheduled letters can be changed.",
  notFound: "This letter no longer exists.",
  scheduleRequired: "Choose a day and a time",
  scheduleInvalid: "That is not a valid day and time",
  scheduleInPast: "That time has already passed. Choose a time in the future.",
  notScheduled: "This letter is not scheduled (it may have started sending already).",
  onlyDraftsDeleted: "Only drafts can be deleted. A sent letter stays with its figures.",
  saved: "Letter saved",
  created: "Draft created",
  deleted: "Draft deleted",
  duplicated: "Letter duplicated",
  scheduled: "Letter scheduled",
  scheduleCancelled: "Schedule cancelled",
  sendStarted: "Sending started",
  testSent: "Test sent",
  resent: "Sending again",
  saveFailed: "Failed to save the letter",
  deleteFailed: "Failed to delete the letter",
  duplicateFailed: "Failed to duplicate the letter",
  scheduleFailed: "Failed to schedule the letter",
  cancelFailed: "Failed to cancel the schedule",
  sendFailed: "Failed to send the letter",
  testFailed: "Failed to send the test",
  resendFailed: "Failed to send again",
  testNoSmtp: (address: string) =>
    `No mail server is configured (SMTP_URL), so the test to ${address} was written to the server log and kept in the outbox (/admin/messages), not delivered.`,
  testDelivered: (address: string) => `The test is on its way to ${address}.`,
  testSubjectPrefix: "[Test] ",
} as const;

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
  failed: "Failed",
};

const flag = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/** The editor's fields, as posted. */
export const campaignFieldsSchema = z
  .object({
    subject: z
      .string()
      .trim()
      .min(1, CAMPAIGN_TEXT.subjectRequired)
      .max(CAMPAIGN_SUBJECT_MAX, CAMPAIGN_TEXT.subjectTooLong),
    preheader: z
      .string()
      .trim()
      .max(CAMPAIGN_PREHEADER_MAX, CAMPAIGN_TEXT.preheaderTooLong)
      .optional()
      .default(""),
    bodyMarkdown: z
      .string()
      .max(CAMPAIGN_BODY_MAX, CAMPAIGN_TEXT.bodyTooLong)
      .optional()
      .default(""),
    audienceKind: z.enum(["all", "near-event", "product-buyers"]).optional().default("all"),
    eventId: z.string().trim().optional().default(""),
    radiusKm: z.string().trim().optional().default(String(TOUR_MAIL_DEFAULT_RADIUS_KM)),
    itemId: z.string().trim().optional().default(""),
    clickTracking: flag,
    publishOnWeb: flag,
  })
  .superRefine((v, ctx) => {
    // Links are checked against any address; the site's own is irrelevant to the rule.
    const refused = parseLetter(v.bodyMarkdown, "https://site.invalid").refusedLinks;
    if (refused.length) {
      ctx.addIssue({
        code: "custom",
        path: ["bodyMarkdown"],
        message: `This link was not accepted: "${refused[0]!.slice(0, 80)}". Links must start with https://, http:// or mailto: (or / for a page of this site).`,
      });
    }
    if (v.audienceKind === "near-event") {
      if (!z.uuid().safeParse(v.eventId).success)
        ctx.addIssue({ code: "custom", path: ["eventId"], message: CAMPAIGN_TEXT.eventRequired });
      const km = Number(v.radiusKm);
      if (!/^\d+$/.test(v.radiusKm) || km < AUDIENCE_RADIUS_KM.min || km > AUDIENCE_RADIUS_KM.max)
        ctx.addIssue({ code: "custom", path: ["radiusKm"], message: CAMPAIGN_TEXT.radiusBounds });
    }
    if (v.audienceKind === "product-buyers" && !z.uuid().safeParse(v.itemId).success)
      ctx.addIssue({ code: "custom", path: ["itemId"], message: CAMPAIGN_TEXT.itemRequired });
  });

export type CampaignFieldsInput = z.input<typeof campaignFieldsSchema>;
export type CampaignFields = z.output<typeof campaignFieldsSchema>;

/** The audience a valid form names. */
export function audienceOf(fields: CampaignFields): CampaignAudience {
  switch (fields.audienceKind) {
    case "near-event":
      return { kind: "near-event", eventId: fields.eventId, radiusKm: Number(fields.radiusKm) };
    case "product-buyers":
      return { kind: "product-buyers", itemId: fields.itemId };
    default:
      return { kind: "all" };
  }
}

/** A campaign's stored values as the editor's fields. */
export function fieldsOf(campaign: {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  audience: CampaignAudience;
  clickTracking: boolean;
  publishOnWeb: boolean;
}): CampaignFieldsInput {
  const a = campaign.audience;
  return {
    subject: campaign.subject,
    preheader: campaign.preheader,
    bodyMarkdown: campaign.bodyMarkdown,
    audienceKind: a.kind,
    eventId: a.kind === "near-event" ? a.eventId : "",
    radiusKm: String(a.kind === "near-event" ? a.radiusKm : TOUR_MAIL_DEFAULT_RADIUS_KM),
    itemId: a.kind === "product-buyers" ? a.itemId : "",
    clickTracking: campaign.clickTracking,
    publishOnWeb: campaign.publishOnWeb,
  };
}

export const scheduleSchema = z.object({
  date: z.string().trim().min(1, CAMPAIGN_TEXT.scheduleRequired),
  time: z.string().trim().min(1, CAMPAIGN_TEXT.scheduleRequired),
});

/**
 * The instant a schedule names: a day and a time on the site's wall clock
 * (docs/decisions/008), refused when it is not in the future.
 */
export function scheduleInstant(
  input: { date: string; time: string },
  timeZone: string,
  now: Date,
): { ok: true; at: Date } | { ok: false; message: string } {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date.trim());
  const time = /^(\d{1,2}):(\d{2})$/.exec(input.time.trim());
  if (!input.date.trim() || !input.time.trim())
    return { ok: false, message: CAMPAIGN_TEXT.scheduleRequired };
  if (!date || !time) return { ok: false, message: CAMPAIGN_TEXT.scheduleInvalid };
  const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const [hour, minute] = [Number(time[1]), Number(time[2])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== m - 1 ||
    check.getUTCDate() !== d ||
    hour > 23 ||
    minute > 59
  )
    return { ok: false, message: CAMPAIGN_TEXT.scheduleInvalid };
  const at = zonedTimeToInstant({ date: input.date.trim(), hour, minute }, timeZone);
  if (at.getTime() <= now.getTime()) return { ok: false, message: CAMPAIGN_TEXT.scheduleInPast };
  return { ok: true, at };
}

/** Whether the artist may still change a campaign. */
export const isEditableStatus = (status: string) => status === "draft" || status === "scheduled";

/** A public address for a sent letter: words of its subject, then a short piece of its id. */
export function campaignSlug(subject: string, id: string): string {
  const words = subject
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words || "letter"}-${id.replace(/-/g, "").slice(0, 6)}`;
}

/** Figures of a campaign's recipients, by status (the sender's), and its clicks. */
export interface CampaignFigures extends Omit<CampaignProgress, "done"> {
  clicks: number;
}

const { done: _done, ...noProgress } = emptyProgress();
export const NO_FIGURES: CampaignFigures = { ...noProgress, clicks: 0 };

/** How far a send has come, 0–100: every row that is no longer waiting or in flight. */
export function sendProgress(f: CampaignFigures): number {
  if (!f.recipients) return 0;
  const done = f.recipients - f.queued - f.sending;
  return Math.max(0, Math.min(100, Math.round((done / f.recipients) * 100)));
}

/** How often the screen reloads while a letter is sending. */
export const PROGRESS_POLL_MS = 2_000;
