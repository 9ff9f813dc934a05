/**
 * Mail the app under test has sent, as received by the SMTP server of the global
 * setup (one JSON file per message in the directory it provides).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, inject } from "vitest";
import type { CaughtMail } from "~/server/testing/smtp-catcher.server";

export function sentMail(): CaughtMail[] {
  const dir = inject("mailDir");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as CaughtMail);
}

/** The newest message to `to` whose subject matches, once it has arrived. */
export async function waitForMail(to: string, subject: RegExp): Promise<CaughtMail> {
  const find = () =>
    sentMail()
      .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
      .at(-1);
  await expect
    .poll(find, { timeout: 15_000, interval: 100, message: `a mail to ${to}` })
    .toBeTruthy();
  return find()!;
}

/** The e-mail verification link in a message (HTML entities undone). */
export function verificationLinkIn(mail: CaughtMail): string {
  const match = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(mail.body);
  if (!match) throw new Error(`No verification link in:\n${mail.body}`);
  return match[0].replace(/&amp;/g, "&");
}
