import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { contactResponse, submitContactMessage } from "./contact.server";
import { appRateLimits } from "../db/schema/db.server";
import { contactMessages } from "../db/schema/audience.server";
import { mailOutbox } from "../db/schema/mail.server";

const message = {
  name: "Ada Quill",
  email: "ada@example.org",
  subject: "Booking for June",
  message: "Could LOE play our festival?\nWe have a big stage.",
};

describe.each(await testDatabaseKinds())("contact messages on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(contactMessages);
    await t.db.delete(mailOutbox);
    await t.db.delete(appRateLimits);
  });

  const options = () => ({ recipient: "hello@silas.example", clientKey: "203.0.113.7" });

  it("stores the message, then queues a mail to the contact address with Reply-To the sender", async () => {
    const outcome = await submitContactMessage(t.db, message, options());
    expect(outcome.status).toBe("sent");
    const [stored] = await t.db.select().from(contactMessages);
    expect(stored).toMatchObject(message);
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail?.toAddress).toBe("hello@silas.example");
    expect(mail?.headers).toEqual({ "Reply-To": "ada@example.org" });
    expect(mail?.subject).toBe("Contact form: Booking for June");
    expect(mail?.textBody).toContain("We have a big stage.");
  });

  it("keeps the message when the mail cannot be queued", async () => {
    const outcome = await submitContactMessage(t.db, message, {
      ...options(),
      send: async () => {
        throw new Error("mail server is down");
      },
    });
    expect(outcome.status).toBe("sent");
    const stored = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "ada@example.org"));
    expect(stored).toHaveLength(1);
  });

  it("refuses invalid input with a message per field and stores nothing", async () => {
    const outcome = await submitContactMessage(
      t.db,
      { ...message, email: "not-an-address", subject: " " },
      options(),
    );
    expect(outcome).toEqual({
      status: "invalid",
      fieldErrors: {
        email: "Please enter a valid email address.",
        subject: "Please enter a subject.",
      },
    });
    expect(contactResponse(outcome).status).toBe(400);
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("accepts a filled honeypot silently and stores nothing", async () => {
    const outcome = await submitContactMessage(
      t.db,
      { ...message, website: "http://spam.example" },
      options(),
    );
    expect(outcome.status).toBe("ignored");
    expect(contactResponse(outcome)).toEqual({ body: { success: true }, status: 200 });
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("refuses the sixth message from one address within ten minutes", async () => {
    const opts = options();
    for (let i = 0; i < 5; i++) {
      expect((await submitContactMessage(t.db, message, opts)).status).toBe("sent");
    }
    const refused = await submitContactMessage(t.db, message, opts);
    expect(refused.status).toBe("rate-limited");
    const answer = contactResponse(refused);
    expect(answer.status).toBe(429);
    // The spec's failure text, then when the next message can go.
    expect(answer.body).toEqual({
      success: false,
      error: expect.stringMatching(
        /^Failed to send message\. Please try again\. You can send another message in (10|9) minutes\.$/,
      ),
    });
    expect(await t.db.select().from(contactMessages)).toHaveLength(5);
    const other = await submitContactMessage(t.db, message, { ...opts, clientKey: "198.51.100.2" });
    expect(other.status).toBe("sent");
  });
});
