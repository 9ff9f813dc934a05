import { CalendarDays, CalendarPlus, Clock, MapPin, PlayCircle, Ticket } from "lucide-react";
import { cn } from "~/lib/cn";
import {
  eventDateBadge,
  eventTypeLabel,
  formatEventDate,
  isPast,
  type PublicEvent,
} from "~/domain/events";
import { buttonVariants } from "./ui/button";
import { SmartImage } from "./smart-image";

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
      className="group flex scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-border/70 bg-card shadow-xl shadow-black/20 transition-colors hover:border-primary/50"
    >
      <div className="relative aspect-[2/1] shrink-0 overflow-hidden bg-muted">
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
        <div
          aria-hidden
          className="absolute left-3 top-3 flex flex-col items-center rounded-xl bg-background/85 px-3 py-2 text-center backdrop-blur"
        >
          <span className="text-[10px] font-semibold uppercase tracking-widest text-muted-foreground">
            {badge.weekday}
          </span>
          <span className="font-display text-2xl leading-none text-primary">{badge.day}</span>
          <span className="text-[11px] font-semibold uppercase tracking-widest">{badge.month}</span>
        </div>
      </div>

      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em]">
          <span
            className="rounded-full bg-primary/15 px-3 py-1 text-primary"
            data-testid="event-type"
          >
            {eventTypeLabel(event.type)}
          </span>
          {cancelled && (
            <span className="rounded-full bg-destructive/15 px-3 py-1 text-destructive">
              Cancelled
            </span>
          )}
          {past && !cancelled && (
            <span className="rounded-full bg-muted px-3 py-1 text-muted-foreground">Past</span>
          )}
        </div>

        <Heading id={titleId} className="mt-3 text-xl leading-snug sm:text-2xl">
          {event.title}
        </Heading>

        <dl className="mt-3 space-y-1.5 text-sm text-foreground/85">
          <div>
            <dt className="sr-only">Date</dt>
            <dd className="flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 shrink-0 text-primary" />
              <time dateTime={event.date}>{formatEventDate(event.date, "MMM dd, yyyy")}</time>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Venue</dt>
            <dd className="flex items-center gap-2">
              <MapPin aria-hidden className="size-4 shrink-0 text-primary" />
              <span>
                {event.venue}, {event.city}
              </span>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Time</dt>
            <dd className="flex items-center gap-2">
              <Clock aria-hidden className="size-4 shrink-0 text-primary" />
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
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ size: "sm" })}
            >
              <Ticket aria-hidden /> Get Tickets
              <span className="sr-only"> for {event.title} (opens in a new tab)</span>
            </a>
          )}
          {!past && !cancelled && (
            <a
              href={`/events/${event.id}.ics`}
              download
              className={buttonVariants({ size: "sm", variant: "outline" })}
            >
              <CalendarPlus aria-hidden /> Add to calendar
              <span className="sr-only">: {event.title}</span>
            </a>
          )}
          {past && event.videoUrl && (
            <button
              type="button"
              onClick={() => onWatchRecording?.(event)}
              className={buttonVariants({ size: "sm", variant: "outline" })}
            >
              <PlayCircle aria-hidden /> Watch Recording
              <span className="sr-only">: {event.title}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
