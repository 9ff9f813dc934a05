import { describe, expect, it } from "vitest";
import { csvCell, csvFilename, toCsv } from "./csv";

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

  it("keeps numbers as numbers, writes dates in ISO and empties for missing values", () => {
    expect(csvCell(-2.5)).toBe("-2.5");
    expect(csvCell(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23T10:00:00.000Z");
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

describe("csvFilename", () => {
  it("names the dataset and the UTC day", () => {
    expect(csvFilename("orders", new Date("2026-11-23T23:59:00Z"))).toBe("orders-2026-11-23.csv");
    // The site's day when a zone is given: 02:00 UTC is still the evening before in New York.
    expect(csvFilename("orders", new Date("2026-11-24T02:00:00Z"), "America/New_York")).toBe(
      "orders-2026-11-23.csv",
    );
  });
});
