/** The subscribers CSV of /admin/subscribers: everyone subscribed now, oldest first. */
import { csvFilename, toCsv, type CsvExport } from "~/domain/core/csv";
import type { Database } from "../db/database.server";
import { currentSubscribers } from "./subscribers-admin.server";

export async function exportSubscribersCsv(
  db: Database,
  _params: URLSearchParams,
  now = new Date(),
): Promise<CsvExport> {
  const rows = await currentSubscribers(db);
  return {
    filename: csvFilename("subscribers", now),
    csv: toCsv(
      [
        { header: "Email", value: (r: (typeof rows)[number]) => r.email },
        { header: "Subscribed at", value: (r) => r.subscribedAt },
      ],
      rows,
    ),
  };
}
