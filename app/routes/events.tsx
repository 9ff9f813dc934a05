import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { toast } from "~/lib/toast";
import { CalendarX, CalendarPlus, AlertTriangle } from "lucide-react";
import type { Route } from "./+types/events";
import type { loader as rootLoader } from "~/root";
import { PageHero } from "~/components/page-hero";
import { EventGrid } from "~/components/event-grid";
import { SectionHeading } from "~/components/section-heading";
import { Container } from "~/components/ui/container";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pastEvents, upcomingEvents } from "~/domain/content/events/events";
import { resolveContent } from "~/domain/content/page-content/registry";
import { jsonLdMeta, musicEventJsonLd, pageTitle, seoMeta, siteMetaData } from "~/domain/pages/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { loadEvents, siteEventStartDates, siteToday } from "~/server/content/events.server";
import { loadPageContent } from "~/server/pages/public-pages.server";
import { orNull } from "~/server/core/settle.server";
import { EVENTS_PAGE_EYEBROW, EVENTS_PAGE_KEYS } from "~/domain/content/page-content/keys";

/** Past performances shown under the upcoming ones, most recent first. */
export const PAST_EVENT_COUNT = 6;

export async function loader() {
  const [content, events] = await Promise.all([
    orNull(loadPageContent(EVENTS_PAGE_KEYS), "events page content"),
    orNull(loadEvents(), "events"),
  ]);
  const today = siteToday();
  const upcoming = events ? upcomingEvents(events, today) : null;
  return {
    // Without stored text the page still stands on the registry's defaults.
    content: content ?? resolveContent(EVENTS_PAGE_KEYS, []),
    contentFailed: content === null,
    upcoming,
    startDates: siteEventStartDates(upcoming ?? []),
    past: events ? pastEvents(events, today).slice(0, PAST_EVENT_COUNT) : null,
    today,
  };
}

export const headers = publicPageHeaders;

/** The failure toasts of spec §8 "Content loading", once per page load. */
function useLoadFailureToast(eventsFailed: boolean, contentFailed: boolean) {
  useEffect(() => {
    if (eventsFailed && contentFailed) {
      toast.error("Loading Error", {
        description:
          "Failed to load events / page content. Some content may not display correctly.",
      });
    } else if (eventsFailed) {
      toast.error("Error", { description: "Failed to fetch events" });
    } else if (contentFailed) {
      toast.error("Error", { description: "Failed to fetch events page content" });
    }
  }, [eventsFailed, contentFailed]);
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { content, contentFailed, upcoming, past, today } = loaderData;
  useLoadFailureToast(upcoming === null, contentFailed);
  const upcomingTitle = content["events-upcoming-title"].title;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const calendarFeed = `${root?.siteUrl ?? ""}/events.ics`;

  return (
    <>
      <HydrateLater>
        <PageHero
          eyebrow={EVENTS_PAGE_EYEBROW}
          title={content["events-hero-title"].value}
          description={content["events-hero-description"].description}
        >
          <div className="mt-8 flex flex-wrap items-center justify-center gap-x-5 gap-y-3 text-sm">
            {/* webcal: asks the visitor's calendar app to subscribe, so new dates arrive by themselves. */}
            <a
              href={calendarFeed.replace(/^https?:/, "webcal:")}
              className="inline-flex items-center gap-2 rounded-full border border-primary/50 px-5 py-2 font-medium text-primary transition-colors hover:bg-primary/10"
            >
              <CalendarPlus aria-hidden className="size-4" /> Subscribe to the calendar
            </a>
            <a
              href="/events.ics"
              download="events.ics"
              className="text-muted-foreground underline-offset-4 hover:text-primary hover:underline"
            >
              Download .ics
            </a>
          </div>
        </PageHero>
      </HydrateLater>

      <section aria-labelledby="upcoming-title" className="py-16 sm:py-24">
        <Container>
          <SectionHeading id="upcoming-title" title={upcomingTitle} />
          {upcoming === null ? (
            <div
              role="alert"
              className="mx-auto flex max-w-md flex-col items-center gap-3 text-center text-muted-foreground"
            >
              <AlertTriangle aria-hidden className="size-8 text-destructive" />
              <p>Unable to load upcoming events</p>
            </div>
          ) : upcoming.length === 0 ? (
            <div className="mx-auto flex max-w-md flex-col items-center gap-3 text-center text-muted-foreground">
              <CalendarX aria-hidden className="size-8 text-primary/70" />
              <p>No upcoming events scheduled at the moment.</p>
            </div>
          ) : (
            <EventGrid events={upcoming} today={today} priorityCount={2} label={upcomingTitle} />
          )}
        </Container>
      </section>

      {past && past.length > 0 && (
        <section
          aria-labelledby="past-title"
          className="border-t border-border/40 bg-card/30 py-16 sm:py-24"
        >
          <Container>
            <SectionHeading
              id="past-title"
              eyebrow="Archive"
              title={content["events-past-title"].title}
            />
            <EventGrid events={past} today={today} label={content["events-past-title"].title} />
          </Container>
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteMetaData(matches);
  if (!loaderData) return [{ title: pageTitle("Events") }];
  const { content, upcoming, startDates } = loaderData;
  return [
    ...seoMeta({
      siteUrl: site.siteUrl,
      title: pageTitle(content["events-hero-title"].value),
      description: content["events-hero-description"].description,
      path: "/events",
      image: upcoming?.[0]?.imageUrl,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "text/calendar",
      title: "Events calendar",
      href: `${site.siteUrl}/events.ics`,
    },
    ...jsonLdMeta(
      (upcoming ?? []).map((event) =>
        musicEventJsonLd(event, { siteUrl: site.siteUrl, startDate: startDates[event.id]! }),
      ),
    ),
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
