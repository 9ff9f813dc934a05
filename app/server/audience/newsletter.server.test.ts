import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { mailOutbox } from "../db/schema/mail.server";
import { newsletterSubscribers } from "../db/schema/audience.server";
import {
  confirmSubscription,
  findConfirmation,
  findSubscription,
  hashToken,
  postedLocation,
  setSubscriberLocation,
  subscribeToNewsletter,
  sweepUnconfirmedSignUps,
  unsubscribe,
} from "./newsletter.server";
import { countSubscribers, currentSubscribers } from "./subscribers-admin.server";
import { ValidationError } from "../core/errors.server";
import type { MailMessage } from "../mail/mail.server";
import { suggestCities } from "../geo/cities.server";

const SITE = "https://silas.example";
const DAY = 24 * 60 * 60_000;

describe.each(await testDatabaseKinds())("newsletter on %s", (kind) => {
  let t: TestDatabase;
  let sent: MailMessage[];
  const send = async (_db: unknown, message: MailMessage) => {
    sent.push(message);
    return "mail-id";
  };
  const subscribe = (email: string, options: { now?: Date; page?: string } = {}) =>
    subscribeToNewsletter(t.db, { email }, { siteUrl: SITE, send, ...options });
  const tokenOf = (message: MailMessage) =>
    new URL(/<(.+)>/.exec(message.headers!["List-Unsubscribe"]!)![1]!).searchParams.get("token")!;
  const confirmTokenOf = (message: MailMessage) => {
    const link = /https:\/\/silas\.example\/newsletter\/confirm\?token=[\w-]+/.exec(message.text);
    return new URL(link![0]).searchParams.get("token")!;
  };
  const rowOf = async (email: string) =>
    (
      await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
    )[0];

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

  it("keeps a new sign-up pending, lower-cased, and mails a confirmation link with one-click unsubscribe headers", async () => {
    expect(await subscribe("  Fan@Example.ORG ", { page: "/contact" })).toEqual({
      status: "subscribed",
    });
    const rows = await t.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "fan@example.org",
      status: "pending",
      consentPage: "/contact",
      confirmedAt: null,
    });
    // Pending is not on the list that is mailed.
    expect(await countSubscribers(t.db)).toBe(0);
    expect(await currentSubscribers(t.db)).toEqual([]);

    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe("fan@example.org");
    expect(mail.subject).toMatch(/^Confirm your subscription/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<(.+)>/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
    expect(link.startsWith(`${SITE}/newsletter/unsubscribe?token=`)).toBe(true);
    expect(mail.text).toContain(link);
    // Only the hashes are stored, never the tokens themselves.
    const token = tokenOf(mail);
    const confirm = confirmTokenOf(mail);
    expect(rows[0]!.unsubscribeTokenHash).toBe(hashToken(token));
    expect(rows[0]!.confirmationTokenHash).toBe(hashToken(confirm));
    expect(JSON.stringify(rows[0])).not.toContain(token);
    expect(JSON.stringify(rows[0])).not.toContain(confirm);
  });

  it("confirms with the link once: consent time is kept, a second use changes nothing", async () => {
    const signedUp = new Date("2026-11-20T10:00:00Z");
    await subscribe("fan@example.org", { now: signedUp, page: "/" });
    const confirm = confirmTokenOf(sent[0]!);
    const at = new Date(signedUp.getTime() + 3 * DAY);
    expect(await findConfirmation(t.db, confirm, at)).toEqual({
      state: "valid",
      email: "fan@example.org",
      city: null,
    });
    // Looking does not confirm (mail scanners open links).
    expect((await rowOf("fan@example.org"))?.status).toBe("pending");

    expect(await confirmSubscription(t.db, confirm, at)).toEqual({
      state: "confirmed",
      email: "fan@example.org",
    });
    expect(await rowOf("fan@example.org")).toMatchObject({
      status: "subscribed",
      confirmedAt: at,
      consentPage: "/",
      confirmationTokenHash: null,
    });
    expect(await countSubscribers(t.db)).toBe(1);

    expect(await confirmSubscription(t.db, confirm, at)).toEqual({ state: "invalid" });
    expect(await findConfirmation(t.db, confirm, at)).toEqual({ state: "invalid" });
    expect(await confirmSubscription(t.db, "made-up", at)).toEqual({ state: "invalid" });
    expect(await confirmSubscription(t.db, "", at)).toEqual({ state: "invalid" });
  });

  it("refuses a link after 7 days, and the sweep removes the sign-up never confirmed", async () => {
    const signedUp = new Date("2026-11-01T10:00:00Z");
    await subscribe("late@example.org", { now: signedUp });
    await subscribe("recent@example.org", { now: new Date(signedUp.getTime() + 5 * DAY) });
    const confirm = confirmTokenOf(sent[0]!);
    const weekLater = new Date(signedUp.getTime() + 7 * DAY);
    expect(await findConfirmation(t.db, confirm, weekLater)).toEqual({ state: "invalid" });
    expect(await confirmSubscription(t.db, confirm, weekLater)).toEqual({ state: "invalid" });

    expect(await sweepUnconfirmedSignUps(t.db, weekLater)).toEqual({ removed: 1 });
    expect(await rowOf("late@example.org")).toBeUndefined();
    expect((await rowOf("recent@example.org"))?.status).toBe("pending");
    // Nothing else to remove on the next run.
    expect(await sweepUnconfirmedSignUps(t.db, weekLater)).toEqual({ removed: 0 });
  });

  it("answers a confirmed address (in any case) as already subscribed and sends nothing", async () => {
    await subscribe("fan@example.org");
    await confirmSubscription(t.db, confirmTokenOf(sent[0]!));
    expect(await subscribe("FAN@example.org")).toEqual({ status: "already-subscribed" });
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("sends a pending address a new link (the old one stops working), but not twice within minutes", async () => {
    const first = new Date("2026-11-20T10:00:00Z");
    await subscribe("again@example.org", { now: first });
    expect(
      await subscribe("again@example.org", { now: new Date(first.getTime() + 30_000) }),
    ).toEqual({ status: "subscribed" });
    expect(sent).toHaveLength(1);
    const later = new Date(first.getTime() + 10 * 60_000);
    expect(await subscribe("again@example.org", { now: later })).toEqual({ status: "subscribed" });
    expect(sent).toHaveLength(2);
    expect(await confirmSubscription(t.db, confirmTokenOf(sent[0]!), later)).toEqual({
      state: "invalid",
    });
    expect(await confirmSubscription(t.db, confirmTokenOf(sent[1]!), later)).toMatchObject({
      state: "confirmed",
    });
  });

  it("makes one subscriber and one mail of two simultaneous sign-ups", async () => {
    const results = await Promise.all([
      subscribe("twice@example.org"),
      subscribe("twice@example.org"),
    ]);
    expect(results).toEqual([{ status: "subscribed" }, { status: "subscribed" }]);
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("keeps an unsubscribed address suppressed until the person confirms a new sign-up", async () => {
    await subscribe("leaver@example.org");
    await confirmSubscription(t.db, confirmTokenOf(sent[0]!));
    const token = tokenOf(sent[0]!);
    expect(await findSubscription(t.db, token)).toEqual({
      email: "leaver@example.org",
      status: "subscribed",
      city: null,
    });
    expect(await unsubscribe(t.db, token)).toEqual({
      email: "leaver@example.org",
      status: "unsubscribed",
      city: null,
    });
    expect(await unsubscribe(t.db, token)).toMatchObject({ status: "unsubscribed" });
    expect((await rowOf("leaver@example.org"))?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await unsubscribe(t.db, "made-up-token")).toBeNull();

    // Signing up again sends a new confirmation; until it is used, the address stays off the list.
    const back = new Date(Date.now() + 60 * 60_000);
    expect(await subscribe("leaver@example.org", { now: back })).toEqual({ status: "subscribed" });
    expect(sent).toHaveLength(2);
    expect(await rowOf("leaver@example.org")).toMatchObject({ status: "unsubscribed" });
    expect(await countSubscribers(t.db)).toBe(0);
    // The old link no longer works; the new mail has a new one.
    expect(await findSubscription(t.db, token)).toBeNull();

    // Never confirmed: the sweep spends the link but the suppression survives it.
    const weekLater = new Date(back.getTime() + 8 * DAY);
    expect(await sweepUnconfirmedSignUps(t.db, weekLater)).toEqual({ removed: 0 });
    expect(await rowOf("leaver@example.org")).toMatchObject({
      status: "unsubscribed",
      confirmationTokenHash: null,
    });
    expect(await confirmSubscription(t.db, confirmTokenOf(sent[1]!), weekLater)).toEqual({
      state: "invalid",
    });

    // Signing up once more and confirming brings the person back.
    const returning = new Date(weekLater.getTime() + DAY);
    await subscribe("leaver@example.org", { now: returning });
    expect(await confirmSubscription(t.db, confirmTokenOf(sent[2]!), returning)).toMatchObject({
      state: "confirmed",
    });
    expect(await rowOf("leaver@example.org")).toMatchObject({
      status: "subscribed",
      unsubscribedAt: null,
    });
    expect(await findSubscription(t.db, tokenOf(sent[2]!))).toMatchObject({
      status: "subscribed",
    });
  });

  it("keeps a bounced address suppressed through a new sign-up until it is confirmed", async () => {
    await t.db.insert(newsletterSubscribers).values({
      email: "bounced@example.org",
      status: "bounced",
      unsubscribeTokenHash: "old",
      bouncedAt: new Date(),
    });
    await subscribe("bounced@example.org");
    expect(await rowOf("bounced@example.org")).toMatchObject({ status: "bounced" });
    expect(await countSubscribers(t.db)).toBe(0);
    await confirmSubscription(t.db, confirmTokenOf(sent[0]!));
    expect(await rowOf("bounced@example.org")).toMatchObject({
      status: "subscribed",
      bouncedAt: null,
    });
  });

  it("lets the unsubscribe link of a confirmation mail refuse the sign-up for good", async () => {
    await subscribe("not-me@example.org");
    expect(await unsubscribe(t.db, tokenOf(sent[0]!))).toMatchObject({ status: "unsubscribed" });
    expect(await confirmSubscription(t.db, confirmTokenOf(sent[0]!))).toEqual({
      state: "invalid",
    });
    expect(await sweepUnconfirmedSignUps(t.db, new Date(Date.now() + 30 * DAY))).toEqual({
      removed: 0,
    });
    expect((await rowOf("not-me@example.org"))?.status).toBe("unsubscribed");
  });

  it("stores a city picked at sign-up with its country and coordinates, and ignores an id not on the list", async () => {
    const paris = suggestCities("paris")[0]!;
    await subscribeToNewsletter(
      t.db,
      { email: "near@example.org", cityId: String(paris.id) },
      { siteUrl: SITE, send },
    );
    expect(await rowOf("near@example.org")).toMatchObject({
      city: "Paris, France",
      countryCode: "FR",
      latitude: paris.latitude,
      longitude: paris.longitude,
    });
    await subscribeToNewsletter(
      t.db,
      { email: "far@example.org", cityId: "999999999" },
      { siteUrl: SITE, send },
    );
    expect(await rowOf("far@example.org")).toMatchObject({ city: null, latitude: null });
    // The mail links to the page where the city is changed or removed.
    expect(sent[0]!.text).toContain(`${SITE}/newsletter/location?token=${tokenOf(sent[0]!)}`);
  });

  it("stores the city picked on the confirmation page, and changes or removes it from the mail's link", async () => {
    await subscribe("mover@example.org");
    const berlin = postedLocation({ cityId: String(suggestCities("berlin")[0]!.id) });
    expect(berlin).toMatchObject({ city: "Berlin, Germany", countryCode: "DE" });
    await confirmSubscription(t.db, confirmTokenOf(sent[0]!), new Date(), berlin);
    expect(await rowOf("mover@example.org")).toMatchObject({
      status: "subscribed",
      city: "Berlin, Germany",
    });

    const token = tokenOf(sent[0]!);
    const lyon = postedLocation({ cityId: String(suggestCities("lyon")[0]!.id) });
    expect(await setSubscriberLocation(t.db, token, lyon)).toMatchObject({
      city: "Lyon, France",
    });
    expect((await rowOf("mover@example.org"))?.latitude).toBeCloseTo(45.75, 1);
    expect(await setSubscriberLocation(t.db, token, null)).toMatchObject({ city: null });
    expect(await rowOf("mover@example.org")).toMatchObject({
      city: null,
      countryCode: null,
      latitude: null,
      longitude: null,
    });
    expect(await setSubscriberLocation(t.db, "made-up", lyon)).toBeNull();
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
