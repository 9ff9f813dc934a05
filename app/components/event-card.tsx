import { CalendarDays, CalendarPlus, Clock, MapPin, PlayCircle, Ticket } from "lucide-react";
import { sendEvent } from "~/lib/analytics";
import { cn } from "~/lib/cn";
import {
  eventDateBadge,
  eventTypeLabel,
  formatEventDate,
  isPast,
  type PublicEvent,
} from "~/domain/content/events/events";
import { buttonVariants } from "./ui/button";
import { createIconSprite } from "./ui/icon-sprite";
import { SmartImage } from "./smart-image";

/** The icons every card repeats, drawn once per list (`<EventIconSprite>`, in EventGrid). */
const { Sprite: EventIconSprite, SpriteIcon: EventIcon } = createIconSprite({
  date: CalendarDays,
  venue: MapPin,
  time: Clock,
  tickets: Ticket,
  calendar: CalendarPlus,
  recording: PlayCircle,
});
export { EventIconSprite };

export interface EventCardProps {
  event: PublicEvent;
  /** Today in the site's time zone, decided by the server (docs/decisions/008). */
  today: string;
  onWatchRecording?: (event: PublicEvent) => void;
  /** The first cards of a page load their image eagerly. */
  priority?: boolean;
  /** The heading level inside the page's outline. */
  headingLevel?: "h2" | "h3";
}

/**
 * One event, as the home page and /events show it: type, date, title, venue and city,
 * time and description. An upcoming event offers "Get Tickets" (new tab) and "Add to
 * calendar"; a past one with a video offers "Watch Recording".
 */
export function EventCard({
  event,
  today,
  onWatchRecording,
  priority = false,
  headingLevel: Heading = "h3",
}: EventCardProps) {
  const past = isPast(event, today);
  const cancelled = event.status === "cancelled";
  const badge = eventDateBadge(event.date);
  const titleId = `event-${event.id}-title`;

  return (
    <article
      id={`event-${event.id}`}
      aria-labelledby={titleId}
      data-testid="event-card"
      className="event-card group"
    >
      <div className="event-card-media">
        <SmartImage
          src={event.imageUrl}
          alt=""
          fill
          priority={priority}
          sizes="(min-width: 1152px) 540px, (min-width: 768px) 50vw, 100vw"
          imgClassName={cn(
            "transition-transform duration-500 group-hover:scale-105",
            past && "grayscale-[35%]",
          )}
        />
        <div aria-hidden className="event-card-badge">
          <span className="event-card-weekday">{badge.weekday}</span>
          <span className="event-card-day">{badge.day}</span>
          <span className="event-card-month">{badge.month}</span>
        </div>
      </div>

      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="event-card-tags">
          <span className="event-card-tag bg-primary/15 text-primary" data-testid="event-type">
            {eventTypeLabel(event.type)}
          </span>
          {cancelled && (
            <span className="event-card-tag bg-destructive/15 text-destructive">Cancelled</span>
          )}
          {past && !cancelled && (
            <span className="event-card-tag bg-muted text-muted-foreground">Past</span>
          )}
        </div>

        <Heading id={titleId} className="mt-3 text-xl leading-snug sm:text-2xl">
          {event.title}
        </Heading>

        <dl className="mt-3 space-y-1.5 text-sm text-foreground/85">
          <div>
            <dt className="sr-only">Date</dt>
            <dd className="event-card-fact">
              <EventIcon name="date" className="event-card-icon" />
              <time dateTime={event.date}>{formatEventDate(event.date, "MMM dd, yyyy")}</time>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Venue</dt>
            <dd className="event-card-fact">
              <EventIcon name="venue" className="event-card-icon" />
              <span>
                {event.venue}, {event.city}
              </span>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Time</dt>
            <dd className="event-card-fact">
              <EventIcon name="time" className="event-card-icon" />
              <span>{event.time}</span>
            </dd>
          </div>
        </dl>

        {event.description && (
          <p className="mt-4 line-clamp-4 text-sm leading-relaxed text-muted-foreground">
            {event.description}
          </p>
        )}

        <div className="mt-auto flex flex-wrap gap-3 pt-5">
          {!past && !cancelled && event.ticketUrl && (
            <a
              href={event.ticketUrl}
              onClick={() => sendEvent({ k: "ticket_click", s: event.title })}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ size: "sm" })}
            >
              <EventIcon name="tickets" /> Get Tickets
              <span className="sr-only"> for {event.title} (opens in a new tab)</span>
            </a>
          )}
          {!past && !cancelled && (
            <a
              href={`/events/${event.id}.ics`}
              download
              className={buttonVariants({ size: "sm", variant: "outline" })}
            >
              <EventIcon name="calendar" /> Add to calendar
              <span className="sr-only">: {event.title}</span>
            </a>
          )}
          {past && event.videoUrl && (
            <button
              type="button"
              onClick={() => onWatchRecording?.(event)}
              className={buttonVariants({ size: "sm", variant: "outline" })}
            >
              <EventIcon name="recording" /> Watch Recording
              <span className="sr-only">: {event.title}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
