/**
 * /newsletter/<slug>: one sent letter as a page of the site (not the mail's HTML), with
 * its own canonical address (issue 22). Unknown or unpublished letters are the 404 page.
 */
import { Link, data } from "react-router";
import type { Route } from "./+types/newsletter.letter";
import { LetterBody } from "~/components/newsletter/letter-body";
import { NotFound } from "~/components/not-found";
import { cardKey, parseLetter, type LetterCard } from "~/domain/audience/letters/letter";
import { NEWSLETTER_ARCHIVE_TEXT } from "~/domain/audience/letters/archive";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { getPublishedLetter } from "~/server/audience/campaigns.server";
import { getEnv } from "~/server/core/env.server";
import { getDb } from "~/server/db/database.server";

export const headers = publicPageHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getPublishedLetter(getDb(), params.slug);
  if (!found) throw data(null, { status: 404 });
  const { campaign, cards } = found;
  const env = getEnv();
  const sentAt = campaign.finishedAt ?? campaign.startedAt ?? campaign.createdAt;
  return {
    slug: campaign.slug!,
    subject: campaign.subject,
    preheader: campaign.preheader,
    bodyMarkdown: campaign.bodyMarkdown,
    siteUrl: env.SITE_URL,
    cards,
    date: new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeZone: env.SITE_TIME_ZONE,
    }).format(sentAt),
    iso: sentAt.toISOString(),
  };
}

export default function NewsletterLetter({ loaderData }: Route.ComponentProps) {
  const { blocks } = parseLetter(loaderData.bodyMarkdown, loaderData.siteUrl);
  const cards = new Map<string, LetterCard>(
    loaderData.cards.map((c) => [cardKey(c.kind, c.id), c]),
  );
  return (
    <article className="mx-auto max-w-2xl space-y-10 px-5 py-16 sm:px-8 sm:py-24">
      <header className="space-y-3">
        <Link to="/newsletter" className="text-sm text-primary underline-offset-4 hover:underline">
          {NEWSLETTER_ARCHIVE_TEXT.back}
        </Link>
        <h1 className="font-display text-4xl sm:text-5xl">{loaderData.subject}</h1>
        <time dateTime={loaderData.iso} className="block text-sm text-muted-foreground">
          {loaderData.date}
        </time>
      </header>
      <LetterBody blocks={blocks} cards={cards} />
    </article>
  );
}

export function ErrorBoundary() {
  return <NotFound />;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Letter not found") }];
  return seoMeta({
    siteUrl: siteMetaData(matches).siteUrl,
    title: pageTitle(loaderData.subject),
    description: loaderData.preheader || `${NEWSLETTER_ARCHIVE_TEXT.title}: ${loaderData.subject}`,
    path: `/newsletter/${loaderData.slug}`,
    type: "website",
  });
};
