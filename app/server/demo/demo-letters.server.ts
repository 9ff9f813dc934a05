/**
 * The demo's newsletter (issue 22): two letters already sent and published in the
 * archive, with their figures (recipient rows as sent, a few bounces, unsubscribes and
 * clicks), and one draft about the next concert, so /admin/newsletter and /newsletter
 * show what they do on a fresh start. Seeded only while the campaigns table is empty.
 *
 * Recipients are the confirmed demo subscribers when there are any, else made-up
 * addresses on example.com (never a real domain).
 */
import { asc, count, eq, gte } from "drizzle-orm";
import { campaignSlug } from "~/domain/audience/letters/campaign-form";
import { cardKey, cardLine, renderLetter, type LetterCard } from "~/domain/audience/letters/letter";
import { SITE_NAME } from "~/domain/core/site";
import { currentLetterPalette } from "../audience/campaigns.server";
import { getEnv } from "../core/env.server";
import type { Transaction } from "../db/database.server";
import { events } from "../db/schema/content.server";
import {
  newsletterCampaignClicks,
  newsletterCampaignRecipients,
  newsletterCampaigns,
  newsletterSubscribers,
} from "../db/schema/audience.server";
import { shopItems } from "../db/schema/shop.server";
import { createRandom } from "./demo-random.server";

const DAY = 24 * 60 * 60_000;

interface DemoLetter {
  subject: string;
  preheader: string;
  body: string;
  daysAgo: number;
  recipients: number;
  bounced: number;
  failed: number;
  unsubscribed: number;
  clicks: number;
}

export async function seedDemoLetters(tx: Transaction, today: Date): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(newsletterCampaigns);
  if ((existing?.n ?? 0) > 0) return 0;
  const siteUrl = getEnv().SITE_URL;
  const todayIso = today.toISOString().slice(0, 10);
  const [nextEvent] = await tx
    .select()
    .from(events)
    .where(gte(events.date, todayIso))
    .orderBy(asc(events.date))
    .limit(1);
  const [item] = await tx.select().from(shopItems).orderBy(asc(shopItems.createdAt)).limit(1);
  const subscribers = await tx
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "subscribed"));

  const cards = new Map<string, LetterCard>();
  if (item)
    cards.set(cardKey("product", item.id), {
      kind: "product",
      id: item.id,
      title: item.title,
      imageUrl: item.imageUrl,
      price: `$${Number(item.price).toFixed(2)}`,
      url: `/shop#product-${item.id}`,
    });

  const letters: DemoLetter[] = [
    {
      subject: "Back from the studio: the new record is here",
      preheader: "Eight tunes, one bass trombone, and a story about a borrowed mute.",
      body: [
        "Dear friends,",
        "After two winters of rehearsals and one very long weekend in the studio, the new record is finally **out**. Eight tunes, recorded live in the room, with the trio I have been touring with all year.",
        item ? cardLine("product", item.id) : "",
        "## What you will hear",
        "- Three originals written on the road\n- A ballad my teacher used to play for me\n- *Blue Hour*, which you asked for at every concert",
        "> The best sound in the world is a room full of people holding their breath. That is what we tried to record.",
        "Thank you for listening, and for being on this list.",
        `Listen to the whole album on the [LOE page](${siteUrl}/loe) or see the [concert dates](${siteUrl}/events).`,
      ]
        .filter(Boolean)
        .join("\n\n"),
      daysAgo: 41,
      recipients: 180,
      bounced: 2,
      failed: 1,
      unsubscribed: 2,
      clicks: 64,
    },
    {
      subject: "Autumn dates, and a question for you",
      preheader: "New concerts this autumn, and which standards should we play?",
      body: [
        "Hello again,",
        "The autumn calendar is set: small rooms, late sets, and a few cities we have never played before. All the dates, with tickets, are on the [events page](/events).",
        "**A question:** which standard should we add to the set? Reply to this letter and tell me. I read every answer.",
        "---",
        "See you at the front row,",
      ].join("\n\n"),
      daysAgo: 12,
      recipients: 195,
      bounced: 1,
      failed: 0,
      unsubscribed: 1,
      clicks: 38,
    },
  ];

  const palette = await currentLetterPalette(tx);
  const rand = createRandom("demo-letters");
  for (const letter of letters) {
    const sentAt = new Date(today.getTime() - letter.daysAgo * DAY);
    const [row] = await tx
      .insert(newsletterCampaigns)
      .values({
        subject: letter.subject,
        preheader: letter.preheader,
        bodyMarkdown: letter.body,
        status: "sent",
        clickTracking: true,
        publishOnWeb: true,
        startedAt: sentAt,
        finishedAt: new Date(sentAt.getTime() + 4 * 60_000),
        createdAt: new Date(sentAt.getTime() - 2 * DAY),
      })
      .returning({ id: newsletterCampaigns.id });
    const id = row!.id;
    const slug = campaignSlug(letter.subject, id);
    const rendered = renderLetter(
      { subject: letter.subject, preheader: letter.preheader, bodyMarkdown: letter.body },
      {
        siteUrl,
        siteName: SITE_NAME,
        cards,
        palette,
        mode: "send",
        trackClicksFor: id,
        campaign: slug,
        webUrl: `${siteUrl}/newsletter/${slug}`,
      },
    );
    await tx
      .update(newsletterCampaigns)
      .set({
        slug,
        sentSubject: letter.subject,
        sentHtml: rendered.html,
        sentText: rendered.text,
        links: rendered.links,
      })
      .where(eq(newsletterCampaigns.id, id));

    const people = subscribers.length
      ? subscribers.slice(0, letter.recipients)
      : Array.from({ length: letter.recipients }, (_, i) => ({
          id: null,
          email: `fan${String(i + 1).padStart(3, "0")}@example.com`,
        }));
    await tx.insert(newsletterCampaignRecipients).values(
      people.map((p, i) => {
        const status =
          i < letter.bounced ? "bounced" : i < letter.bounced + letter.failed ? "failed" : "sent";
        const unsubscribed = status === "sent" && i >= people.length - letter.unsubscribed;
        return {
          campaignId: id,
          subscriberId: p.id,
          email: p.email,
          status,
          attempts: 1,
          sentAt: status === "sent" ? sentAt : null,
          error:
            status === "bounced"
              ? "550 5.1.1 Mailbox unavailable"
              : status === "failed"
                ? "421 Try again later (gave up)"
                : null,
          unsubscribedAt: unsubscribed ? new Date(sentAt.getTime() + DAY) : null,
        };
      }),
    );

    // Clicks spread over the first days, per link and day only.
    const clicks = new Map<string, number>();
    for (let c = 0; c < letter.clicks; c++) {
      const url = rendered.links[Math.floor(rand.next() * rendered.links.length)];
      if (!url) break;
      const day = new Date(sentAt.getTime() + Math.floor(rand.next() * rand.next() * 4) * DAY)
        .toISOString()
        .slice(0, 10);
      clicks.set(`${url}\n${day}`, (clicks.get(`${url}\n${day}`) ?? 0) + 1);
    }
    if (clicks.size)
      await tx.insert(newsletterCampaignClicks).values(
        [...clicks].map(([key, n]) => {
          const [url, day] = key.split("\n") as [string, string];
          return { campaignId: id, url, day, clicks: n };
        }),
      );
  }

  await tx.insert(newsletterCampaigns).values({
    subject: nextEvent ? `Live at ${nextEvent.venue}: join us` : "Next concert: join us",
    preheader: "An evening of new tunes, and a few old friends.",
    bodyMarkdown: [
      "Dear friends,",
      "The next concert is close, and I would love to see you there.",
      nextEvent ? cardLine("event", nextEvent.id) : "",
      "Come early: the first set starts on time.",
    ]
      .filter(Boolean)
      .join("\n\n"),
    status: "draft",
    clickTracking: true,
    publishOnWeb: true,
    eventId: nextEvent?.id ?? null,
  });
  return letters.length + 1;
}
