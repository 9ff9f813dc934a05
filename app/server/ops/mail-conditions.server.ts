/**
 * What the mail worker asks just before a queued mail leaves: whether its links still
 * mean something (domain/mail/mail-validity.ts). The answers live in the rooms that own
 * them (download links and orders in the shop, one-time links and accounts in auth),
 * above the mail room, so they are put together here and handed to the mailer at start.
 */
import type { MailCondition, MailConditionFact } from "~/domain/mail/mail-validity";
import type { Database } from "../db/database.server";
import { isAddressVerified, oneTimeLinkExpiry } from "../auth/password-reset.server";
import type { MailConditionReader } from "../mail/mail.server";
import { countLiveDownloadTokens, orderPaymentStatus } from "../shop/downloads.server";

async function factOf(
  db: Database,
  condition: MailCondition,
  now: Date,
): Promise<MailConditionFact> {
  switch (condition.kind) {
    case "until":
      return { kind: "until" };
    case "downloads":
      return {
        kind: "downloads",
        live: await countLiveDownloadTokens(db, condition.tokenIds, now),
      };
    case "orderPaid":
      return { kind: "orderPaid", status: await orderPaymentStatus(db, condition.orderId) };
    case "oneTimeLink":
      return { kind: "oneTimeLink", expiresAt: await oneTimeLinkExpiry(db, condition.identifier) };
    case "unverified":
      return { kind: "unverified", verified: await isAddressVerified(db, condition.email) };
  }
}

/** Answers a mail's conditions, one fact per condition, in order. */
export const readMailConditions: MailConditionReader = async (db, conditions, now) => {
  const facts: MailConditionFact[] = [];
  for (const condition of conditions) facts.push(await factOf(db, condition, now));
  return facts;
};
