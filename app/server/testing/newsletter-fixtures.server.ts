/**
 * Newsletter data for integration tests, the fault test's child sender and the
 * benchmark: confirmed subscribers in bulk, campaigns, and a tiny stand-in renderer
 * that writes the per-recipient link markers the sender fills in.
 */
import crypto from "node:crypto";
import { LETTER_LINK_MARKERS } from "~/domain/audience/letters/campaign";
import type { Database } from "../db/database.server";
import { newsletterCampaigns, newsletterSubscribers } from "../db/schema/audience.server";
import type { RenderCampaign } from "../audience/campaign-sending.server";

export type SubscriberValues = Partial<typeof newsletterSubscribers.$inferInsert> & {
  email: string;
};

/** Inserts subscribers (confirmed unless said otherwise), 1,000 per statement. */
export async function insertSubscribers(
  db: Database,
  rows: readonly SubscriberValues[],
): Promise<{ id: string; email: string }[]> {
  const out: { id: string; email: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((row) => ({
      status: "subscribed",
      confirmedAt: new Date(),
      unsubscribeTokenHash: crypto.randomBytes(16).toString("hex"),
      ...row,
    }));
    out.push(
      ...(await db
        .insert(newsletterSubscribers)
        .values(chunk)
        .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })),
    );
  }
  return out;
}

/** `count` confirmed subscribers fan0000@<domain>, fan0001@<domain>… */
export function fanAddresses(count: number, domain = "fans.example"): SubscriberValues[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `fan${String(i).padStart(5, "0")}@${domain}`,
  }));
}

export async function insertCampaign(
  db: Database,
  values: Partial<typeof newsletterCampaigns.$inferInsert> = {},
) {
  const [row] = await db
    .insert(newsletterCampaigns)
    .values({ subject: "News from the road", bodyMarkdown: "Hello fans.", ...values })
    .returning();
  return row!;
}

/** The letter as plain as can be, with both per-recipient links in html and text. */
export const standInRender: RenderCampaign = async (_db, campaign) => ({
  subject: campaign.subject,
  html: `<p>${campaign.bodyMarkdown}</p><a href="${LETTER_LINK_MARKERS.location}">Where do you live?</a> <a href="${LETTER_LINK_MARKERS.unsubscribe}">Unsubscribe</a>`,
  text: `${campaign.bodyMarkdown}\n\nWhere do you live? ${LETTER_LINK_MARKERS.location}\nUnsubscribe: ${LETTER_LINK_MARKERS.unsubscribe}\n`,
});
