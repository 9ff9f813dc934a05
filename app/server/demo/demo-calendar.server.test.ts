import { describe, expect, it } from "vitest";
import { WEEKDAYS, daysToWeekday } from "./demo-calendar.server";
import { isoDateFrom } from "./demo-content.server";

/** The weekday of a yyyy-MM-dd calendar date. */
const weekdayOf = (isoDate: string) => WEEKDAYS[new Date(`${isoDate}T12:00:00Z`).getUTCDay()];

describe("daysToWeekday", () => {
  it("moves a day forward to the next given weekday, never back", () => {
    // Wednesday 2030-01-02.
    const from = new Date(2030, 0, 2, 15, 30);
    expect(weekdayOf(isoDateFrom(from, 0))).toBe("Wednesday");
    expect(daysToWeekday(from, 0, "Wednesday")).toBe(0);
    expect(daysToWeekday(from, 0, "Saturday")).toBe(3);
    expect(daysToWeekday(from, 0, "Tuesday")).toBe(6);
    expect(daysToWeekday(from, 95, "Saturday")).toBe(95 + 6); // Sunday 7 April → Saturday 13 April
    expect(isoDateFrom(from, daysToWeekday(from, 95, "Saturday"))).toBe("2030-04-13");
    expect(daysToWeekday(from, -160, "Saturday")).toBe(-160 + 2); // Thursday → Saturday
  });

  it("lands on the weekday from every day of the week, across month and year ends", () => {
    for (let offset = 0; offset < 14; offset++) {
      const from = new Date(2029, 11, 25 + offset);
      for (const weekday of WEEKDAYS) {
        for (const days of [-160, 0, 6, 95]) {
          const moved = daysToWeekday(from, days, weekday);
          expect(moved - days).toBeGreaterThanOrEqual(0);
          expect(moved - days).toBeLessThan(7);
          expect(weekdayOf(isoDateFrom(from, moved))).toBe(weekday);
        }
      }
    }
  });
});
