/**
 * Mail the app under test has sent, as received by the SMTP server of the global
 * setup (one JSON file per message in the directory it provides).
 */
import { expect } from "vitest";
import { readCaughtMail, type CaughtMail } from "~/server/testing/smtp-catcher.server";
import { testServer } from "./test-server";

export function sentMail(): CaughtMail[] {
  return readCaughtMail(testServer().mailDir);
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

/** The newsletter confirmation link in a message (HTML entities undone). */
export function newsletterConfirmLinkIn(mail: CaughtMail): string {
  const match = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w-]+/.exec(mail.body);
  if (!match) throw new Error(`No confirmation link in:\n${mail.body}`);
  return match[0];
}

/** Signs `email` up through the endpoint and confirms it with the mailed link. */
export async function subscribeConfirmed(baseUrl: string, email: string): Promise<void> {
  const signedUp = await fetch(`${baseUrl}/api/newsletter-subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(await signedUp.json()).toEqual({ success: true });
  const link = newsletterConfirmLinkIn(await waitForMail(email, /^Confirm your subscription/));
  const confirmed = await fetch(link, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  expect(await confirmed.text()).toContain("You&#x27;re subscribed");
}
