import { useState } from "react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import type { PublicEvent } from "~/domain/content/events/events";
import { EventCard, EventIconSprite } from "./event-card";
import { VideoDialog } from "./video-dialog";

export interface EventGridProps {
  events: readonly PublicEvent[];
  today: string;
  /** How many of the first cards load their image eagerly. */
  priorityCount?: number;
  headingLevel?: "h2" | "h3";
  label?: string;
}

/** Event cards in two columns from the medium width up; "Watch Recording" opens the player. */
export function EventGrid({
  events,
  today,
  priorityCount = 0,
  headingLevel,
  label,
}: EventGridProps) {
  const [recording, setRecording] = useState<PublicEvent | null>(null);
  return (
    <EventIconSprite>
      <ul className="grid gap-6 md:grid-cols-2 lg:gap-8" aria-label={label}>
        {events.map((event, index) => (
          <li key={event.id} className="flex">
            <HydrateLater>
              <EventCard
                event={event}
                today={today}
                priority={index < priorityCount}
                headingLevel={headingLevel}
                onWatchRecording={setRecording}
              />
            </HydrateLater>
          </li>
        ))}
      </ul>
      <VideoDialog
        video={
          recording
            ? {
                title: `${recording.title} (recording)`,
                description: `${recording.venue}, ${recording.city}`,
                videoUrl: recording.videoUrl,
              }
            : null
        }
        onClose={() => setRecording(null)}
      />
    </EventIconSprite>
  );
}
