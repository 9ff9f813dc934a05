/** The orders CSV of /admin/orders (issue 11). Replaced by the orders screen's work. */
import type { CsvExport } from "~/domain/csv";
import { NotFound } from "../core/errors.server";
import type { Database } from "../db/database.server";

export async function exportOrdersCsv(_db: Database, _params: URLSearchParams): Promise<CsvExport> {
  throw new NotFound("The orders export is not available yet.");
}
