import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { mailOutbox, newsletterSubscribers } from "../db/schema.server";
import {
  findSubscription,
  hashToken,
  subscribeToNewsletter,
  unsubscribe,
} from "./newsletter.server";
import { ValidationError } from "../core/errors.server";
import type { MailMessage } from "../mail/mail.server";

const SITE = "https://silas.example";

describe.each(await testDatabaseKinds())("newsletter on %s", (kind) => {
  let t: TestDatabase;
  let sent: MailMessage[];
  const send = async (_db: unknown, message: MailMessage) => {
    sent.push(message);
    return "mail-id";
  };
  const subscribe = (email: string) =>
    subscribeToNewsletter(t.db, { email }, { siteUrl: SITE, send });
  const tokenOf = (message: MailMessage) =>
    new URL(/<(.+)>/.exec(message.headers!["List-Unsubscribe"]!)![1]!).searchParams.get("token")!;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    sent = [];
    await t.db.delete(newsletterSubscribers);
    await t.db.delete(mailOutbox);
  });

  it("stores the address lower-cased and sends a confirmation with one-click unsubscribe headers", async () => {
    expect(await subscribe("  Fan@Example.ORG ")).toEqual({ status: "subscribed" });
    const rows = await t.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "fan@example.org", status: "subscribed" });

    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe("fan@example.org");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<(.+)>/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
    expect(link.startsWith(`${SITE}/newsletter/unsubscribe?token=`)).toBe(true);
    expect(mail.text).toContain(link);
    // Only the hash is stored, never the token itself.
    const token = tokenOf(mail);
    expect(rows[0]!.unsubscribeTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it("answers an address already on the list (in any case) as already subscribed", async () => {
    await subscribe("fan@example.org");
    expect(await subscribe("FAN@example.org")).toEqual({ status: "already-subscribed" });
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("makes one subscriber of two simultaneous sign-ups", async () => {
    const results = await Promise.all([
      subscribe("twice@example.org"),
      subscribe("twice@example.org"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["already-subscribed", "subscribed"]);
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it("unsubscribes with the mailed token, twice without harm, and lets the person come back", async () => {
    await subscribe("leaver@example.org");
    const token = tokenOf(sent[0]!);
    expect(await findSubscription(t.db, token)).toEqual({
      email: "leaver@example.org",
      status: "subscribed",
    });
    expect(await unsubscribe(t.db, token)).toEqual({
      email: "leaver@example.org",
      status: "unsubscribed",
    });
    expect(await unsubscribe(t.db, token)).toMatchObject({ status: "unsubscribed" });
    const [row] = await t.db.select().from(newsletterSubscribers);
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);

    expect(await unsubscribe(t.db, "made-up-token")).toBeNull();

    expect(await subscribe("leaver@example.org")).toEqual({ status: "subscribed" });
    const [back] = await t.db.select().from(newsletterSubscribers);
    expect(back).toMatchObject({ status: "subscribed", unsubscribedAt: null });
    // The old link no longer works; the new mail has a new one.
    expect(await findSubscription(t.db, token)).toBeNull();
    expect(await findSubscription(t.db, tokenOf(sent[1]!))).toMatchObject({
      status: "subscribed",
    });
  });

  it("refuses an invalid address with the spec's text", async () => {
    await expect(subscribe("nope")).rejects.toThrow(ValidationError);
    await expect(subscribe("")).rejects.toThrow("Please enter your email address.");
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it("queues the confirmation in the outbox with the real mailer", async () => {
    await subscribeToNewsletter(t.db, { email: "outbox@example.org" }, { siteUrl: SITE });
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail?.toAddress).toBe("outbox@example.org");
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});
