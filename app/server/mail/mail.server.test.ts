import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import {
  deliverDueMail,
  enqueueMail,
  flushOutbox,
  retryDelayMs,
  sendMail,
  setMailTransport,
  type MailTransport,
} from "./mail.server";
import { mailOutbox } from "../db/schema/mail.server";
import { renderMail } from "./mail-template.server";

const message = renderMail({
  to: "fan@example.com",
  subject: "Hello",
  heading: "Hello <there>",
  paragraphs: ["First line."],
  action: { label: "Open", url: "https://example.com/x?a=1&b=2" },
});

describe("mail template", () => {
  it("has text and HTML parts from the same content, with HTML escaped", () => {
    expect(message.text).toContain("Hello <there>");
    expect(message.text).toContain("Open: https://example.com/x?a=1&b=2");
    expect(message.html).toContain("Hello &lt;there&gt;");
    expect(message.html).toContain('href="https://example.com/x?a=1&amp;b=2"');
  });
});

describe("retry delays", () => {
  it("grows with each attempt and is capped at an hour", () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

describe.each(await testDatabaseKinds())("mail outbox on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("keeps a message queued while the transport fails, and sends it once it recovers", async () => {
    const id = await enqueueMail(t.db, message);
    let up = false;
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(m) {
        if (!up) throw new Error("connect ECONNREFUSED");
        sent.push(m.to);
      },
    };
    const start = new Date();
    const first = await deliverDueMail(t.db, transport, { from: "site@example.com", now: start });
    expect(first).toEqual({ sent: 0, retrying: 1, failed: 0, dropped: 0 });
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "connect ECONNREFUSED",
    });

    // Not due yet: nothing happens before the backoff has passed.
    up = true;
    expect(await deliverDueMail(t.db, transport, { from: "x", now: start })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      dropped: 0,
    });

    const later = new Date(start.getTime() + retryDelayMs(1) + 1);
    expect(await deliverDueMail(t.db, transport, { from: "x", now: later })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      dropped: 0,
    });
    expect(sent).toEqual(["fan@example.com"]);
    const [done] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(done?.status).toBe("sent");
    expect(done?.sentAt).toBeInstanceOf(Date);
  });

  it("never sends one message twice when two workers run at once", async () => {
    await t.db.delete(mailOutbox);
    await enqueueMail(t.db, message);
    let sends = 0;
    const slow: MailTransport = {
      async send() {
        sends++;
        await new Promise((r) => setTimeout(r, 20));
      },
    };
    await Promise.all([
      deliverDueMail(t.db, slow, { from: "x" }),
      deliverDueMail(t.db, slow, { from: "x" }),
    ]);
    expect(sends).toBe(1);
  });

  it("delivers a message queued while a delivery pass is already running", async () => {
    await t.db.delete(mailOutbox);
    let release!: () => void;
    const firstSendHeld = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    setMailTransport({
      async send(m) {
        if (sent.length === 0) await firstSendHeld;
        sent.push(m.to);
      },
    });
    try {
      await sendMail(t.db, { ...message, to: "first@example.com" });
      // The first pass is now stuck sending; this message is not in its batch.
      await sendMail(t.db, { ...message, to: "second@example.com" });
      release();
      await flushOutbox(t.db);
      expect(sent.sort()).toEqual(["first@example.com", "second@example.com"]);
    } finally {
      setMailTransport(null);
    }
  });
});
