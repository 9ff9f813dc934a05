import { describe, expect, it } from "vitest";
import {
  eventDateBadge,
  eventTypeLabel,
  formatEventDate,
  isUpcoming,
  parseEventTime,
  pastEvents,
  toPublicEvent,
  upcomingEvents,
  type EventRow,
} from "./events";
import { calendarDayIn } from "../../core/time-zone";

const row = (overrides: Partial<EventRow>): EventRow => ({
  id: overrides.title ?? "id",
  title: "Gig",
  date: "2026-03-10",
  time: "8:00 PM",
  venue: "The Copper Room",
  city: "Port Alder",
  description: null,
  imageUrl: null,
  ticketUrl: null,
  type: "live",
  videoUrl: null,
  status: "upcoming",
  ...overrides,
});

describe("upcoming events", () => {
  const today = "2026-03-10";
  const events = [
    row({ title: "Later", date: "2026-04-01" }),
    row({ title: "Yesterday", date: "2026-03-09", status: "past" }),
    row({ title: "Today", date: "2026-03-10" }),
    row({ title: "Cancelled", date: "2026-03-20", status: "cancelled" }),
    row({ title: "Soon", date: "2026-03-11" }),
    row({ title: "Stale status", date: "2026-03-15", status: "past" }),
  ].map(toPublicEvent);

  it("keeps today and later, in date order, without cancelled events", () => {
    expect(upcomingEvents(events, today).map((e) => e.title)).toEqual([
      "Today",
      "Soon",
      "Stale status",
      "Later",
    ]);
  });

  it("shows every upcoming event as live (spec §3), whatever type is stored", () => {
    const festival = toPublicEvent(
      row({ title: "Festival", date: "2026-03-12", type: "festival" }),
    );
    expect(upcomingEvents([festival], today).map((e) => e.type)).toEqual(["live"]);
    // Past events keep the type the artist gave them.
    const workshop = toPublicEvent(
      row({ title: "Workshop", date: "2026-03-01", type: "workshop" }),
    );
    expect(pastEvents([workshop], today).map((e) => e.type)).toEqual(["workshop"]);
  });

  it("lists earlier dates as past, most recent first", () => {
    const older = toPublicEvent(row({ title: "Older", date: "2025-12-01" }));
    expect(pastEvents([...events, older], today).map((e) => e.title)).toEqual([
      "Yesterday",
      "Older",
    ]);
  });

  it("turns on the calendar day of the site's time zone, not UTC", () => {
    // 02:30 UTC on 11 March is still the evening of 10 March in New York.
    const instant = new Date("2026-03-11T02:30:00Z");
    const today = calendarDayIn(instant, "America/New_York");
    expect(today).toBe("2026-03-10");
    expect(isUpcoming({ date: "2026-03-10", status: "upcoming" }, today)).toBe(true);
    expect(calendarDayIn(instant, "UTC")).toBe("2026-03-11");
  });
});

describe("event mapping", () => {
  it("fills the spec's defaults: time TBD, placeholder image, type live", () => {
    const event = toPublicEvent(row({ time: " ", imageUrl: null, type: "" }));
    expect(event.time).toBe("TBD");
    expect(event.imageUrl).toBe("/images/placeholder.svg");
    expect(event.type).toBe("live");
  });

  it("drops ticket and video links that are not http(s)", () => {
    const event = toPublicEvent(
      row({ ticketUrl: "javascript:alert(1)", videoUrl: "https://youtu.be/abc" }),
    );
    expect(event.ticketUrl).toBeNull();
    expect(event.videoUrl).toBe("https://youtu.be/abc");
  });
});

describe("event dates and times", () => {
  it("formats the calendar day in the spec's formats", () => {
    expect(formatEventDate("2026-03-05", "MMM dd, yyyy")).toBe("Mar 05, 2026");
    expect(formatEventDate("2026-12-31", "MMMM dd, yyyy")).toBe("December 31, 2026");
    expect(eventDateBadge("2026-03-05")).toEqual({ weekday: "Thu", day: "05", month: "Mar" });
  });

  it("reads clock times and refuses anything else", () => {
    expect(parseEventTime("8:00 PM")).toEqual({ hour: 20, minute: 0 });
    expect(parseEventTime("12:15 am")).toEqual({ hour: 0, minute: 15 });
    expect(parseEventTime("9 p.m.")).toEqual({ hour: 21, minute: 0 });
    expect(parseEventTime("19:30")).toEqual({ hour: 19, minute: 30 });
    expect(parseEventTime("TBD")).toBeNull();
    expect(parseEventTime("13:00 PM")).toBeNull();
  });

  it("labels types for the card", () => {
    expect(eventTypeLabel("live")).toBe("Live");
    expect(eventTypeLabel("open-air_concert")).toBe("Open Air Concert");
  });
});
