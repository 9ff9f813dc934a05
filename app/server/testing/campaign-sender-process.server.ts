/**
 * One sending instance as a process of its own, for the fault test (killed with
 * SIGKILL mid-campaign) and the benchmark (its memory measured, two of them at once).
 * Runs the campaign sender loop against PostgreSQL (CAMPAIGN_DATABASE_URL) and an SMTP
 * server (CAMPAIGN_SMTP_URL) with the rate limit off, and reports its RSS to the parent
 * over IPC every 100 ms. Started with `node --import tsx`.
 */
import { openDatabase } from "../db/database.server";
import { smtpBulkTransport } from "../mail/mail.server";
import { startCampaignSender } from "../audience/campaign-sending.server";
import { standInRender } from "./newsletter-fixtures.server";

const url = process.env.CAMPAIGN_DATABASE_URL;
const smtpUrl = process.env.CAMPAIGN_SMTP_URL;
if (!url || !smtpUrl) throw new Error("CAMPAIGN_DATABASE_URL and CAMPAIGN_SMTP_URL are required");

const handle = openDatabase({ kind: "postgres", url });
const transport = smtpBulkTransport(smtpUrl);
const stop = startCampaignSender(handle.db, {
  render: standInRender,
  transport,
  ratePerSecond: 0,
  siteUrl: "https://silas.example",
  from: "Silas Lowenthorne <letters@silas.example>",
  idleMs: 200,
  leaseMs: Number(process.env.CAMPAIGN_LEASE_MS ?? 600_000),
  instanceId: process.env.CAMPAIGN_INSTANCE_ID,
});

const report = setInterval(() => process.send?.({ rss: process.memoryUsage().rss }), 100);
process.send?.({ ready: true, rss: process.memoryUsage().rss });

process.on("SIGTERM", () => {
  clearInterval(report);
  void stop()
    .then(() => transport.close())
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
