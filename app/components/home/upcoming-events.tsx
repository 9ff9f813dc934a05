import { Link } from "react-router";
import { ArrowRight, CalendarX } from "lucide-react";
import type { PublicEvent } from "~/domain/content/events/events";
import { Container } from "../ui/container";
import { buttonVariants } from "../ui/button";
import { EventGrid } from "../event-grid";
import { SectionHeading } from "../section-heading";

export interface UpcomingEventsProps {
  title: string;
  events: readonly PublicEvent[] | null;
  today: string;
}

/** The home page's next dates, two columns, with a way to the full list. */
export function UpcomingEvents({ title, events, today }: UpcomingEventsProps) {
  return (
    <section aria-labelledby="home-events-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading id="home-events-title" eyebrow="On stage" title={title} />
        {events === null ? (
          <p role="alert" className="text-center text-muted-foreground">
            Unable to load upcoming events
          </p>
        ) : events.length === 0 ? (
          <div className="flex flex-col items-center gap-4 text-center text-muted-foreground">
            <CalendarX aria-hidden className="size-8 text-primary/70" />
            <p>No upcoming events scheduled at the moment.</p>
          </div>
        ) : (
          <EventGrid events={events} today={today} label={title} />
        )}
        <div className="mt-12 text-center">
          <Link to="/events" className={buttonVariants({ variant: "outline" })}>
            All events <ArrowRight aria-hidden />
          </Link>
        </div>
      </Container>
    </section>
  );
}
