/**
 * /newsletter: the public archive of the letters the artist sent and chose to publish,
 * newest first (issue 22). Cached by the rendered-page cache like the other public pages.
 */
import { Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { NEWSLETTER_ARCHIVE_TEXT } from "~/domain/audience/letters/archive";
import { pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { listPublishedLetters } from "~/server/audience/campaigns.server";
import { getEnv } from "~/server/core/env.server";
import { getDb } from "~/server/db/database.server";

export const headers = publicPageHeaders;

export async function loader() {
  const letters = await listPublishedLetters(getDb());
  const timeZone = getEnv().SITE_TIME_ZONE;
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone });
  return {
    letters: letters.map((l) => ({
      slug: l.slug!,
      subject: l.subject,
      preheader: l.preheader,
      date: day.format(l.sentAt),
      iso: l.sentAt.toISOString(),
    })),
  };
}

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { letters } = loaderData;
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-5 py-16 sm:px-8 sm:py-24">
      <header className="space-y-4">
        <h1 className="font-display text-4xl sm:text-5xl">{NEWSLETTER_ARCHIVE_TEXT.title}</h1>
        <p className="text-lg text-muted-foreground">{NEWSLETTER_ARCHIVE_TEXT.description}</p>
      </header>
      {letters.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card px-6 py-5 text-muted-foreground">
          {NEWSLETTER_ARCHIVE_TEXT.empty}
        </p>
      ) : (
        <ol className="space-y-4">
          {letters.map((letter) => (
            <li key={letter.slug}>
              <Link
                to={`/newsletter/${letter.slug}`}
                className="block rounded-2xl border border-border bg-card p-6 transition-colors hover:border-primary"
              >
                <time dateTime={letter.iso} className="text-sm text-primary">
                  {letter.date}
                </time>
                <h2 className="mt-1 font-display text-2xl">{letter.subject}</h2>
                {letter.preheader && (
                  <p className="mt-2 text-muted-foreground">{letter.preheader}</p>
                )}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    siteUrl: siteMetaData(matches).siteUrl,
    title: pageTitle(NEWSLETTER_ARCHIVE_TEXT.title),
    description: NEWSLETTER_ARCHIVE_TEXT.description,
    path: "/newsletter",
  });
