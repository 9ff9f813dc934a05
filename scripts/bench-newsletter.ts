/**
 * `npm run bench:newsletter`: the newsletter sending engine (issue 22) with 10,000
 * confirmed subscribers, a loopback SMTP sink in this process and the rate limit off.
 * 1. One sending instance (a child process, as in production): mails per second, and
 *    its resident memory growth during the send.
 * 2. Two instances sending one campaign together: how the rows split, and duplicates.
 * Needs PostgreSQL (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test):
 * two instances need a shared database. A benchmark, not a test: it never fails on a
 * number. docs/decisions/037.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { count, eq } from "drizzle-orm";
import {
  newsletterCampaignRecipients as recipients,
  newsletterCampaigns,
} from "../app/server/db/schema/audience.server";
import { setMailTransport, smtpTransport } from "../app/server/mail/mail.server";
import { startSmtpCatcher } from "../app/server/testing/smtp-catcher.server";
import { createTestDatabase, testDatabaseKinds } from "../app/server/testing/test-database.server";
import {
  fanAddresses,
  insertCampaign,
  insertSubscribers,
  standInRender,
} from "../app/server/testing/newsletter-fixtures.server";
import { startCampaignSend } from "../app/server/audience/campaign-sending.server";

const SUBSCRIBERS = 10_000;
const CHILD = fileURLToPath(
  new URL("../app/server/testing/campaign-sender-process.server.ts", import.meta.url),
);
const MB = 1024 * 1024;

if (!(await testDatabaseKinds()).includes("postgres")) {
  console.log(
    "bench:newsletter needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432): two instances share one database.",
  );
  process.exit(0);
}

const t = await createTestDatabase("postgres");
const sink = await startSmtpCatcher();
setMailTransport(smtpTransport(sink.url)); // "a mail server is configured"

interface Instance {
  child: ChildProcess;
  ready: Promise<number>;
  rss: number[];
}

function startInstance(id: string): Instance {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    env: {
      ...process.env,
      LOG_LEVEL: "silent",
      CAMPAIGN_DATABASE_URL: t.url!,
      CAMPAIGN_SMTP_URL: sink.url,
      CAMPAIGN_INSTANCE_ID: id,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const rss: number[] = [];
  const ready = new Promise<number>((resolve) => {
    child.on("message", (message: { rss?: number; ready?: boolean }) => {
      if (message.rss) rss.push(message.rss);
      if (message.ready) resolve(performance.now());
    });
  });
  return { child, ready, rss };
}

async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once("exit", resolve));
  instance.child.kill("SIGTERM");
  await exited;
}

async function waitUntilSent(campaignId: string) {
  for (;;) {
    const [row] = await t.db
      .select({ status: newsletterCampaigns.status })
      .from(newsletterCampaigns)
      .where(eq(newsletterCampaigns.id, campaignId));
    if (row?.status === "sent") return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function duplicates(subject: string) {
  const seen = new Map<string, number>();
  for (const mail of sink.messages) {
    if (mail.subject !== subject) continue;
    for (const to of mail.to) seen.set(to, (seen.get(to) ?? 0) + 1);
  }
  let extra = 0;
  for (const n of seen.values()) extra += n - 1;
  return { addresses: seen.size, extra };
}

try {
  await insertSubscribers(t.db, fanAddresses(SUBSCRIBERS));

  // 1. One instance.
  const one = await insertCampaign(t.db, { subject: "Bench: one instance" });
  await startCampaignSend(t.db, one.id, { render: standInRender });
  const solo = startInstance("solo");
  const soloStart = await solo.ready;
  const soloEnd = await waitUntilSent(one.id);
  await stopInstance(solo);
  const seconds = (soloEnd - soloStart) / 1000;
  const soloDup = duplicates(one.subject);
  const baseline = solo.rss[0] ?? 0;
  const peak = Math.max(...solo.rss);
  console.log(`one instance, ${SUBSCRIBERS} recipients, rate limit off`);
  console.log(`  time                 ${seconds.toFixed(1)} s`);
  console.log(`  mails per second     ${Math.round(SUBSCRIBERS / seconds)}`);
  console.log(`  RSS at start         ${(baseline / MB).toFixed(0)} MB`);
  console.log(`  RSS peak             ${(peak / MB).toFixed(0)} MB`);
  console.log(`  RSS growth           ${((peak - baseline) / MB).toFixed(0)} MB`);
  console.log(`  mails in the sink    ${soloDup.addresses} addresses, ${soloDup.extra} duplicates`);

  // 2. Two instances, one campaign.
  const two = await insertCampaign(t.db, { subject: "Bench: two instances" });
  await startCampaignSend(t.db, two.id, { render: standInRender });
  const a = startInstance("a");
  const b = startInstance("b");
  const pairStart = Math.min(await a.ready, await b.ready);
  const pairEnd = await waitUntilSent(two.id);
  await Promise.all([stopInstance(a), stopInstance(b)]);
  const split = await t.db
    .select({ by: recipients.claimedBy, n: count() })
    .from(recipients)
    .where(eq(recipients.campaignId, two.id))
    .groupBy(recipients.claimedBy);
  const pairDup = duplicates(two.subject);
  console.log(`two instances, one campaign of ${SUBSCRIBERS}`);
  console.log(`  time                 ${((pairEnd - pairStart) / 1000).toFixed(1)} s`);
  console.log(`  mails per second     ${Math.round(SUBSCRIBERS / ((pairEnd - pairStart) / 1000))}`);
  console.log(`  rows per instance    ${split.map((s) => `${s.by}: ${s.n}`).join(", ")}`);
  console.log(`  mails in the sink    ${pairDup.addresses} addresses, ${pairDup.extra} duplicates`);
} finally {
  await sink.close();
  await t.destroy();
}
process.exit(0);
