import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatMoney } from "./format";

describe("the back office's dates and money", () => {
  it("writes a moment in the site's time zone, not the server's", () => {
    const iso = "2026-11-27T03:10:00.000Z";
    expect(formatDay(iso, "America/Chicago")).toBe("Nov 26, 2026");
    expect(formatDay(iso, "Europe/Berlin")).toBe("Nov 27, 2026");
    expect(formatDateTime(iso, "America/Chicago")).toMatch(/^Nov 26, 2026, 9:10\sPM$/);
  });

  it("writes dollars with the sign and other currencies by their code", () => {
    expect(formatMoney(12.5, "USD")).toBe("$12.50");
    expect(formatMoney(12.5, "EUR")).toBe("12.50 EUR");
  });
});
