/**
 * The pure rules of sending a campaign (issue 22, docs/decisions/037): what an SMTP
 * failure means for a recipient row, how long a temporary failure waits, how many mails
 * a rate allows now, the per-recipient links and headers of one mail, and the words the
 * sender says to the artist.
 */
import { LETTER_LINK_MARKERS, type RecipientStatus } from "./campaign";

/** Every sentence the sending engine shows the artist (the screen shows these as they are). */
export const CAMPAIGN_SENDING_TEXT = {
  noMailServer:
    "No mail server is configured (SMTP_URL), so letters cannot be sent yet. Drafts and previews still work.",
  emptyAudience:
    "Nobody would receive this letter: the audience has no confirmed subscribers. Pick another audience.",
  eventWithoutPosition:
    "This concert's city has no map position, so there are no fans nearby to count. Pick the city from the list in the event.",
  unknownAudience: "This letter's audience is not one the site knows. Pick the audience again.",
  eventNotFound: "The concert this audience is for no longer exists. Pick another audience.",
  alreadyStarted: "This letter is already being sent or was sent; it is never sent twice.",
  cancelled: "This letter was cancelled. Duplicate it to send it after all.",
  notFound: "The letter could not be found. It may have been deleted.",
  nothingUnknown: "No recipients are in doubt for this letter; nothing was queued again.",
  scheduledWithoutMailServer:
    "Not sent: no mail server was configured (SMTP_URL) when it was due. Duplicate the letter to send it once a mail server is set up.",
  scheduleNotStarted:
    "Not sent: the site could not start it when it was due (the server log says why). Duplicate the letter to try again.",
  allFailed:
    "Not one mail was delivered: the mail server refused every address or could not be reached, even after retries.",
} as const;

/**
 * Why a scheduled letter that could not start is "failed", as the campaign list shows
 * it: the refusal's own words (no mail server, nobody in the audience…), or, for an
 * unexpected error, a pointer to the server log.
 */
export function scheduleFailureReason(refusal: string | null): string {
  if (refusal === null) return CAMPAIGN_SENDING_TEXT.scheduleNotStarted;
  if (refusal === CAMPAIGN_SENDING_TEXT.noMailServer)
    return CAMPAIGN_SENDING_TEXT.scheduledWithoutMailServer;
  return `Not sent when it was due. ${refusal} Duplicate the letter to send it after all.`;
}

/** Temporary failures are tried this many times in all before the row is marked failed. */
export const MAX_SEND_ATTEMPTS = 6;

/** 1 min, 2 min, 4 min, 8 min, 16 min … capped at one hour, after attempt n (1-based). */
export function sendRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * What an SMTP failure means for the row:
 * - "permanent": a 5xx answer (the address does not exist, the mailbox is disabled…):
 *   bounced, and the address is suppressed.
 * - "temporary": a 4xx answer, or no connection at all (nothing was handed over): retry.
 * - "unknown": the connection broke without an answer while the mail was on its way:
 *   it may have arrived, so it is never sent again automatically.
 */
export type SmtpFailureKind = "permanent" | "temporary" | "unknown";

/** Errors that happen before any mail data leaves this process. */
const NOT_CONNECTED_CODES = new Set(["ECONNECTION", "EDNS", "ECONNREFUSED", "EAUTH", "ETLS"]);

export function classifySmtpFailure(error: unknown): SmtpFailureKind {
  const e = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const reply = typeof e.responseCode === "number" ? e.responseCode : null;
  if (reply !== null && reply >= 500 && reply < 600) return "permanent";
  if (reply !== null && reply >= 400 && reply < 500) return "temporary";
  if (typeof e.code === "string" && NOT_CONNECTED_CODES.has(e.code)) return "temporary";
  return "unknown";
}

/** The SMTP server's words, short enough for a table cell. */
export function smtpFailureText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/**
 * How many mails may be claimed now so that at most `ratePerSecond` leave in any one
 * second across all instances, given how many were claimed in the last second. 0 = no
 * limit: the whole batch.
 */
export function rateBudget(
  ratePerSecond: number,
  claimedInLastSecond: number,
  batchSize: number,
): number {
  if (ratePerSecond <= 0) return batchSize;
  return Math.max(0, Math.min(batchSize, ratePerSecond - claimedInLastSecond));
}

/** How long to wait before asking again when the rate's second is used up. */
export function ratePauseMs(ratePerSecond: number): number {
  if (ratePerSecond <= 0) return 0;
  return Math.max(20, Math.min(1_000, Math.ceil(1_000 / ratePerSecond)));
}

export interface RecipientLinks {
  unsubscribe: string;
  location: string;
}

/** The letter with this recipient's links in place of the markers. */
export function fillRecipientLinks(template: string, links: RecipientLinks): string {
  return template
    .split(LETTER_LINK_MARKERS.unsubscribe)
    .join(links.unsubscribe)
    .split(LETTER_LINK_MARKERS.location)
    .join(links.location);
}

/** The address in "Name <address>" (or the whole text when it is a bare address). */
export function mailAddressOf(from: string): string {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  return (angle?.[1] ?? from).trim();
}

/** RFC 2369 / RFC 8058 headers of one campaign mail. */
export function listUnsubscribeHeaders(
  unsubscribeUrl: string,
  from: string,
): Record<string, string> {
  const mailto = `mailto:${mailAddressOf(from)}?subject=unsubscribe`;
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** A Message-ID on the site's own domain: "<campaign.recipient@example.com>". */
export function campaignMessageId(
  siteUrl: string,
  campaignId: string,
  recipientId: string,
): string {
  const host = new URL(siteUrl).hostname || "localhost";
  return `<${campaignId}.${recipientId}@${host}>`;
}

/** "Spring Tour: 12 dates!" → "spring-tour-12-dates"; never empty. */
export function campaignSlugBase(subject: string): string {
  const slug = subject
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "letter";
}

/** The first free slug among "base", "base-2", "base-3"… given the ones already taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Recipient statuses that will not change any more on their own. */
export const FINAL_RECIPIENT_STATUSES = [
  "sent",
  "failed",
  "bounced",
  "unknown",
  "skipped",
] as const satisfies readonly RecipientStatus[];

/** The figures of a campaign, as the screen shows them while it sends and after. */
export interface CampaignProgress {
  recipients: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  bounced: number;
  unknown: number;
  skipped: number;
  /** Recipients who unsubscribed through this campaign's mail. */
  unsubscribed: number;
  /** Rows that will not change any more (for a progress bar): recipients - queued - sending. */
  done: number;
}

export function emptyProgress(): CampaignProgress {
  return {
    recipients: 0,
    queued: 0,
    sending: 0,
    sent: 0,
    failed: 0,
    bounced: 0,
    unknown: 0,
    skipped: 0,
    unsubscribed: 0,
    done: 0,
  };
}
