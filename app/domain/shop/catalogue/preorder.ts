/**
 * Pre-orders (issue 24): an item whose release day, in the site's time zone, is still
 * ahead is sold now and delivered on that day. Pure rules; the day "today" is always
 * passed in, computed by the caller in the site's time zone.
 */
import { formatEventDate } from "../../content/events/events";

/** Whether an item with this release day (YYYY-MM-DD) is a pre-order on `today`. */
export function isPreorder(releaseDate: string | null | undefined, today: string): boolean {
  return releaseDate != null && releaseDate > today;
}

export const PREORDER_MESSAGES = {
  dateInvalid: "Please enter a valid release date",
  dateInPast: "The release date cannot be in the past",
} as const;

/**
 * What is wrong with a (well-formed) release date the artist saves, or null. A new date (on a new
 * item, or one that changes the stored date) may not be before today; an item keeps a
 * past date it already has (it was released then). Today itself is allowed: the item
 * is released at once.
 */
export function releaseDateProblem(
  wanted: string | null | undefined,
  today: string,
  stored: string | null = null,
): string | null {
  if (wanted == null || wanted === stored) return null;
  return wanted < today ? PREORDER_MESSAGES.dateInPast : null;
}

/** A release day as the site writes dates: "December 19, 2026" (no time zone can move it). */
export function formatReleaseDate(releaseDate: string): string {
  return formatEventDate(releaseDate, "MMMM dd, yyyy");
}

/** The product card's label. */
export function preorderLabel(releaseDate: string): string {
  return `Pre-order · released ${formatReleaseDate(releaseDate)}`;
}

/** A bought line that waits for its release day: no files yet, nothing to post yet. */
export function awaitingRelease(line: {
  preorderReleaseDate: string | null;
  releasedAt: Date | string | null;
}): boolean {
  return line.preorderReleaseDate !== null && line.releasedAt === null;
}

/**
 * The confirmation mail's sentence for a pre-ordered line: when the files come, or when
 * the parcel is sent.
 */
export function preorderMailSentence(line: {
  title: string;
  releaseDate: string;
  physical: boolean;
}): string {
  const day = formatReleaseDate(line.releaseDate);
  return line.physical
    ? `"${line.title}" is a pre-order: it is released on ${day}, and we will send it to you then.`
    : `"${line.title}" is a pre-order: it is released on ${day}, and we will e-mail you its download link on that day.`;
}

/** The mail to buyers when the artist moves the release day. */
export function releaseMovedSentence(input: {
  title: string;
  from: string;
  to: string;
  physical: boolean;
}): string {
  const delivery = input.physical
    ? "we will send it to you then"
    : "we will e-mail you its download link on that day";
  return `The release of "${input.title}", which you pre-ordered, has moved from ${formatReleaseDate(input.from)} to ${formatReleaseDate(input.to)}: ${delivery}.`;
}

/** The admin toast's words after a save that moved the release day. */
export function buyersToldDescription(title: string, told: number): string {
  if (told === 0) return title;
  return `${title} · ${told} ${told === 1 ? "buyer was" : "buyers were"} told the new release date`;
}

/** The shop item table's count of paid pre-orders. */
export function preorderCountLabel(count: number): string {
  return `${count} ${count === 1 ? "pre-order" : "pre-orders"}`;
}
