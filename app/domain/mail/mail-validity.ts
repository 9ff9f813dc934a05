/**
 * Whether a queued mail is still worth sending (issue 26, item 13). A mail waits in
 * the outbox while no mail server is configured or the server is down; when it can
 * finally leave, one whose links no longer work would only confuse: a verification or
 * reset link already used or expired, download links since replaced or revoked by a
 * refund. Each mail is queued with the conditions under which it still means something;
 * the mail worker checks them just before sending and drops, with a reason, one that
 * no longer holds. A mail with no conditions (a message to the artist, a refund
 * notice) is always sent.
 */

export type MailCondition =
  /** Its link works until then (a verification link is a signed token that expires). */
  | { kind: "until"; expiresAt: string }
  /** Its download links: at least one must still work (not deleted, used up or expired). */
  | { kind: "downloads"; tokenIds: string[] }
  /** It reports on an order that must still be paid (not refunded since). */
  | { kind: "orderPaid"; orderId: string }
  /** A one-time link stored as a verification row (a password reset): not used, not expired. */
  | { kind: "oneTimeLink"; identifier: string }
  /** It asks to verify an address that must still be unverified. */
  | { kind: "unverified"; email: string };

/** What the worker found out about a mail's conditions, in the same order. */
export type MailConditionFact =
  | { kind: "until" }
  | { kind: "downloads"; live: number }
  | { kind: "orderPaid"; status: string | null }
  | { kind: "oneTimeLink"; expiresAt: Date | null }
  | { kind: "unverified"; verified: boolean };

export const MAIL_DROP_REASONS = {
  expired: "Its link expired before it could be sent",
  downloadsGone: "Its download links were replaced or revoked before it could be sent",
  orderRefunded: "The order was refunded before this mail could be sent",
  orderGone: "The order no longer exists",
  linkUsed: "Its link was used or replaced before it could be sent",
  verified: "The address was verified before this mail could be sent",
} as const;

/** Reads the conditions stored with a mail; anything unreadable counts as none. */
export function parseMailConditions(value: unknown): MailCondition[] {
  return Array.isArray(value)
    ? value.filter(
        (c): c is MailCondition =>
          typeof c === "object" && c !== null && typeof (c as { kind?: unknown }).kind === "string",
      )
    : [];
}

/**
 * Why a queued mail should be dropped, or null to send it. `facts` answer the
 * conditions one by one (see MailConditionFact); a missing fact does not drop a mail.
 */
export function mailDropReason(
  conditions: readonly MailCondition[],
  facts: readonly (MailConditionFact | undefined)[],
  now: Date,
): string | null {
  for (const [i, condition] of conditions.entries()) {
    const fact = facts[i];
    switch (condition.kind) {
      case "until":
        if (now.getTime() >= new Date(condition.expiresAt).getTime()) {
          return MAIL_DROP_REASONS.expired;
        }
        break;
      case "downloads":
        if (condition.tokenIds.length && fact?.kind === "downloads" && fact.live === 0) {
          return MAIL_DROP_REASONS.downloadsGone;
        }
        break;
      case "orderPaid":
        if (fact?.kind !== "orderPaid") break;
        if (fact.status === null) return MAIL_DROP_REASONS.orderGone;
        if (fact.status === "refunded") return MAIL_DROP_REASONS.orderRefunded;
        break;
      case "oneTimeLink":
        if (fact?.kind !== "oneTimeLink") break;
        if (fact.expiresAt === null) return MAIL_DROP_REASONS.linkUsed;
        if (now.getTime() >= fact.expiresAt.getTime()) return MAIL_DROP_REASONS.expired;
        break;
      case "unverified":
        if (fact?.kind === "unverified" && fact.verified) return MAIL_DROP_REASONS.verified;
        break;
    }
  }
  return null;
}
