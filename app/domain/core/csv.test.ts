import { describe, expect, it } from "vitest";
import { csvCell, csvFilename, timeColumn, toCsv } from "./csv";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell("-2")).toBe("'-2");
  });

  it("keeps numbers as numbers and empties for missing values", () => {
    expect(csvCell(-2.5)).toBe("-2.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(false)).toBe("false");
  });
});

describe("toCsv", () => {
  it("writes a header row and one row per record, CRLF-terminated", () => {
    const csv = toCsv(
      [
        { header: "Email", value: (r: { email: string; n: number }) => r.email },
        { header: "Count", value: (r) => r.n },
      ],
      [
        { email: "a@example.com", n: 1 },
        { email: "b@example.com", n: 2 },
      ],
    );
    expect(csv).toBe("Email,Count\r\na@example.com,1\r\nb@example.com,2\r\n");
  });
});

describe("one clock for every export (issue 42 item 22)", () => {
  it("writes times in the site's zone with its offset, and names the zone in the header", () => {
    type Row = { email: string; at: Date | null };
    const csv = toCsv<Row>(
      [
        { header: "Email", value: (r) => r.email },
        timeColumn("Subscribed at", (r) => r.at, "America/New_York"),
      ],
      [
        { email: "a@example.com", at: new Date("2025-12-02T23:48:41.195Z") },
        { email: "b@example.com", at: new Date("2026-07-01T12:00:00Z") },
        { email: "c@example.com", at: null },
      ],
    );
    expect(csv).toBe(
      [
        "Email,Subscribed at (America/New_York)",
        "a@example.com,2025-12-02T18:48:41-05:00",
        // Daylight time: the offset follows the instant.
        "b@example.com,2026-07-01T08:00:00-04:00",
        "c@example.com,",
        "",
      ].join("\r\n"),
    );
  });

  it("refuses a bare Date in a cell, which would be written in UTC", () => {
    expect(() => csvCell(new Date() as unknown as string)).toThrow(/timeColumn/);
  });

  it("names the file after the site's day: 02:00 UTC is still the evening before in New York", () => {
    expect(csvFilename("orders", new Date("2026-11-24T02:00:00Z"), "America/New_York")).toBe(
      "orders-2026-11-23.csv",
    );
    expect(csvFilename("orders", new Date("2026-11-24T02:00:00Z"), "Europe/Berlin")).toBe(
      "orders-2026-11-24.csv",
    );
  });
});
