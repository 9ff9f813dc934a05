/** The subscribers CSV of /admin/subscribers (issue 11). Replaced by the subscribers screen's work. */
import type { CsvExport } from "~/domain/csv";
import { NotFound } from "../core/errors.server";
import type { Database } from "../db/database.server";

export async function exportSubscribersCsv(
  _db: Database,
  _params: URLSearchParams,
): Promise<CsvExport> {
  throw new NotFound("The subscribers export is not available yet.");
}
