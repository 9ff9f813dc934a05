import { describe, expect, it } from "vitest";
import {
  escapeIcsText,
  foldIcsLine,
  icsEventFromPublicEvent,
  serializeCalendar,
  type IcsEvent,
} from "./ics";
import { toPublicEvent } from "./events";

const unfold = (ics: string) => ics.replace(/\r\n /g, "");

describe("iCalendar serializer", () => {
  const timed: IcsEvent = {
    uid: "event-1@example.org",
    start: { kind: "instant", at: new Date("2026-03-14T01:00:00Z") },
    summary: "Album night; part 1, with strings",
    location: "The Copper Room, Port Alder",
    description: "Doors at 7\nDinner until the downbeat \\ bring friends",
    url: "https://example.org/events#event-1",
    status: "CONFIRMED",
  };
  const allDay: IcsEvent = {
    uid: "event-2@example.org",
    start: { kind: "date", date: "2026-12-31" },
    summary: "Festival",
  };
  const ics = serializeCalendar({
    name: "Silas Lowenthorne: Live",
    events: [timed, allDay],
    generatedAt: new Date("2026-03-01T12:00:00Z"),
  });

  it("uses CRLF line endings everywhere and ends with one", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("wraps events in a calendar with version and product id", () => {
    const lines = unfold(ics).split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
  });

  it("writes UID, DTSTAMP, a UTC start for timed events and a DATE for all-day ones", () => {
    const text = unfold(ics);
    expect(text).toContain("UID:event-1@example.org\r\nDTSTAMP:20260301T120000Z\r\n");
    expect(text).toContain("DTSTART:20260314T010000Z\r\nDTEND:20260314T030000Z");
    expect(text).toContain("DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101");
  });

  it("escapes commas, semicolons, backslashes and newlines in text, not in the URL", () => {
    const text = unfold(ics);
    expect(text).toContain("SUMMARY:Album night\\; part 1\\, with strings");
    expect(text).toContain("LOCATION:The Copper Room\\, Port Alder");
    expect(text).toContain("DESCRIPTION:Doors at 7\\nDinner until the downbeat \\\\ bring friends");
    expect(text).toContain("URL:https://example.org/events#event-1");
    expect(escapeIcsText("a\r\nb")).toBe("a\\nb");
  });

  it("folds lines longer than 75 octets without splitting characters", () => {
    const long = `DESCRIPTION:${"Low brass é ".repeat(30)}`;
    const folded = foldIcsLine(long);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const line of physical) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(physical.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldIcsLine("SUMMARY:short")).toBe("SUMMARY:short");
  });
});

describe("site events in the calendar", () => {
  const base = {
    id: "abc",
    title: "Trio night",
    date: "2026-07-15",
    venue: "Velvet Hour",
    city: "Larkspur Bay",
    description: "Ballads.",
    imageUrl: null,
    ticketUrl: "https://tickets.example.com/trio",
    type: "live",
    videoUrl: null,
    status: "upcoming",
  };
  const options = {
    siteUrl: "https://silas.example",
    timeZone: "America/New_York",
    host: "silas.example",
  };

  it("turns a local clock time into a UTC start and links the event", () => {
    const entry = icsEventFromPublicEvent(toPublicEvent({ ...base, time: "8:00 PM" }), options);
    expect(entry.start).toEqual({ kind: "instant", at: new Date("2026-07-16T00:00:00Z") });
    expect(entry.uid).toBe("event-abc@silas.example");
    expect(entry.location).toBe("Velvet Hour, Larkspur Bay");
    expect(entry.url).toBe("https://silas.example/events#event-abc");
    expect(entry.description).toContain("Tickets: https://tickets.example.com/trio");
  });

  it("makes an all-day entry when the time is TBD, and marks cancellations", () => {
    const entry = icsEventFromPublicEvent(
      toPublicEvent({ ...base, time: null, status: "cancelled" }),
      options,
    );
    expect(entry.start).toEqual({ kind: "date", date: "2026-07-15" });
    expect(entry.status).toBe("CANCELLED");
    expect(entry.summary).toBe("Cancelled: Trio night");
  });
});
