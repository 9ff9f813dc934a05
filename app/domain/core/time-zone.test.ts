import { describe, expect, it } from "vitest";
import {
  instantInZone,
  isValidTimeZone,
  isoWithOffset,
  utcOffsetMinutes,
  zonedTimeToInstant,
} from "./time-zone";

describe("site time zone", () => {
  it("knows valid zones", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });

  it("turns a local wall-clock time into the right instant across daylight saving", () => {
    // New York: EST (-5) in January, EDT (-4) in July.
    expect(
      zonedTimeToInstant({ date: "2026-01-15", hour: 20, minute: 0 }, "America/New_York"),
    ).toEqual(new Date("2026-01-16T01:00:00Z"));
    expect(
      zonedTimeToInstant({ date: "2026-07-15", hour: 20, minute: 0 }, "America/New_York"),
    ).toEqual(new Date("2026-07-16T00:00:00Z"));
    expect(utcOffsetMinutes(new Date("2026-07-01T12:00:00Z"), "Asia/Kolkata")).toBe(330);
  });

  it("writes ISO 8601 with the zone's offset", () => {
    expect(isoWithOffset({ date: "2026-07-15", hour: 19, minute: 30 }, "America/New_York")).toBe(
      "2026-07-15T19:30:00-04:00",
    );
    expect(isoWithOffset({ date: "2026-01-15", hour: 9, minute: 5 }, "UTC")).toBe(
      "2026-01-15T09:05:00+00:00",
    );
  });

  it("answers each zone and each season for itself, asked again and again", () => {
    const evening = { date: "2026-07-15", hour: 19, minute: 30 };
    for (let i = 0; i < 3; i++) {
      expect(isoWithOffset(evening, "America/New_York")).toBe("2026-07-15T19:30:00-04:00");
      expect(isoWithOffset(evening, "Europe/Berlin")).toBe("2026-07-15T19:30:00+02:00");
      expect(isoWithOffset({ ...evening, date: "2026-01-15" }, "Europe/Berlin")).toBe(
        "2026-01-15T19:30:00+01:00",
      );
    }
  });
});

describe("an instant as the site's clock reads it (exports, issue 26 item 12)", () => {
  it("writes the wall clock with the zone's offset, to the second", () => {
    expect(instantInZone(new Date("2026-11-27T10:10:17.495Z"), "America/New_York")).toBe(
      "2026-11-27T05:10:17-05:00",
    );
    expect(instantInZone(new Date("2026-07-04T02:30:00Z"), "America/New_York")).toBe(
      "2026-07-03T22:30:00-04:00",
    );
    expect(instantInZone(new Date("2026-11-27T10:10:17Z"), "Asia/Kolkata")).toBe(
      "2026-11-27T15:40:17+05:30",
    );
    expect(instantInZone(new Date("2026-11-27T10:10:17Z"), "UTC")).toBe(
      "2026-11-27T10:10:17+00:00",
    );
  });

  it("names the same instant: parsing it back gives the time it came from, to the second", () => {
    const instant = new Date("2026-03-08T07:30:05Z"); // just after New York's clocks went forward
    expect(new Date(instantInZone(instant, "America/New_York")).getTime()).toBe(instant.getTime());
  });
});
