/**
 * CSV for the back office's exports (orders, subscribers, analytics): RFC 4180 quoting,
 * CRLF line ends, and cells that a spreadsheet would run as a formula are neutralised,
 * because buyers and subscribers type some of these values themselves.
 *
 * Every export has one clock (issue 42 item 22): its times are written by `timeColumn`,
 * in the site's time zone with the offset, and its file is named after the site's day.
 * A cell never holds a Date, so no export can fall back to UTC by forgetting the zone.
 */
import { calendarDayIn, instantInZone } from "./time-zone";

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/** What an export answers: the file's name and its text. */
export interface CsvExport {
  filename: string;
  csv: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if ((value as unknown) instanceof Date) {
    // A time written here would read as UTC beside the screens' site times.
    throw new TypeError("A time goes into a CSV through timeColumn, in the site's time zone.");
  }
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((c) => csvCell(c.header)).join(","),
    ...rows.map((row) => columns.map((c) => csvCell(c.value(row))).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A column of times, as the screens show them (docs/decisions/027): the site's wall
 * clock with its offset at that instant (2026-11-27T05:10:17-05:00), so a spreadsheet
 * still knows the exact instant, and the zone named in the header
 * ("Created (America/New_York)").
 */
export function timeColumn<Row>(
  header: string,
  read: (row: Row) => Date | null | undefined,
  timeZone: string,
): CsvColumn<Row> {
  return {
    header: `${header} (${timeZone})`,
    value: (row) => {
      const instant = read(row);
      return instant ? instantInZone(instant, timeZone) : null;
    },
  };
}

/** "orders-2026-11-23.csv": the dataset and the site's day it was taken on, as the file's times. */
export function csvFilename(dataset: string, now: Date, timeZone: string): string {
  return `${dataset}-${calendarDayIn(now, timeZone)}.csv`;
}
