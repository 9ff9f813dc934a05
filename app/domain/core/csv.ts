/**
 * CSV for the back office's exports (orders, subscribers): RFC 4180 quoting, CRLF line
 * ends, and cells that a spreadsheet would run as a formula are neutralised, because
 * buyers and subscribers type some of these values themselves.
 */
import { calendarDayIn } from "./time-zone";

export type CsvCell = string | number | boolean | Date | null | undefined;

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
  let text = value instanceof Date ? value.toISOString() : String(value);
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
 * "orders-2026-11-23.csv": the dataset and the day it was taken, in `timeZone` when
 * given (the site's day, as the file's times), else in UTC.
 */
export function csvFilename(dataset: string, now: Date, timeZone?: string): string {
  const day = timeZone ? calendarDayIn(now, timeZone) : now.toISOString().slice(0, 10);
  return `${dataset}-${day}.csv`;
}
