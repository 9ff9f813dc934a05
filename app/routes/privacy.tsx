/**
 * The privacy note (issue 25): what the site's own counter counts and what it does not.
 * Fixed text, linked from the footer.
 */
import type { Route } from "./+types/privacy";
import { pageTitle } from "~/domain/pages/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { getEnv } from "~/server/core/env.server";

export const headers = publicPageHeaders;

/** The note names the site's own setting for how long single visits are kept. */
export function loader() {
  return { retentionDays: getEnv().ANALYTICS_RETENTION_DAYS };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-5 py-16 leading-relaxed sm:px-8 sm:py-24">
      <h1 className="font-display text-4xl sm:text-5xl">Privacy</h1>
      <p className="text-muted-foreground">
        This site counts its visits itself, without cookies and without any other company&apos;s
        tracker. Nothing it counts can tell who you are.
      </p>
      <section className="space-y-3">
        <h2 className="font-display text-2xl">What is counted</h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            The pages you open, and the site or link that brought you here (only its name, such as a
            newsletter campaign or another website).
          </li>
          <li>
            Whether you play a track to the end, part of it, or skip it; videos played; clicks on a
            concert&apos;s ticket link; records added to the cart and bought, with the order&apos;s
            value; newsletter sign-ups, by the page the form was on.
          </li>
          <li>Your kind of device (phone, tablet or computer) and your browser&apos;s name.</li>
        </ul>
      </section>
      <section className="space-y-3">
        <h2 className="font-display text-2xl">How visitors are told apart</h2>
        <p>
          To count a visitor once a day, the site mixes your network address and browser with a
          secret that changes every day, into a code that cannot be turned back. The secret is
          deleted after a day, so no one can link your visits across days. Your network address
          itself is never stored.
        </p>
      </section>
      <section className="space-y-3">
        <h2 className="font-display text-2xl">What is not counted</h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>No cookies and nothing in your browser&apos;s storage.</li>
          <li>No country or location is guessed.</li>
          <li>
            If your browser sends Global Privacy Control or Do Not Track, nothing of your visit is
            counted.
          </li>
          <li>
            Search engine robots and pages loaded ahead of time by your browser are not counted.
          </li>
        </ul>
      </section>
      <p className="text-sm text-muted-foreground">
        Single visits are kept for {loaderData.retentionDays} days; after that only daily totals
        remain.
      </p>
    </article>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Privacy") },
  { name: "description", content: "What this site counts about its visits, and what it does not." },
];
