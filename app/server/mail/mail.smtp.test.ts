/**
 * Mail through a real SMTP server in this process: the verification mail of a
 * sign-up arrives with its link, and nothing is lost while the server is down.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { allowedEmails, users } from "../db/schema/auth.server";
import { mailOutbox } from "../db/schema/mail.server";
import { getEnv } from "../core/env.server";
import {
  deliverDueMail,
  flushOutbox,
  retryDelayMs,
  sendMail,
  setMailTransport,
  smtpTransport,
} from "./mail.server";
import { renderMail } from "./mail-template.server";
import { startSmtpCatcher, type SmtpCatcher } from "../testing/smtp-catcher.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../testing/test-app.server";

describe.each(await testDatabaseKinds())("mail over SMTP on %s", (kind) => {
  let app: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    app = await createTestApp(kind);
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    setMailTransport(null);
    await smtp?.close();
    await app?.destroy();
  });

  it("delivers the verification mail of a sign-up, in text and HTML, with a link that verifies", async () => {
    setMailTransport(smtpTransport(smtp.url));
    await app.t.db.insert(allowedEmails).values({ email: "violinist@example.com" });
    const signUp = await app.authPost("/sign-up/email", {
      email: "violinist@example.com",
      password: TEST_PASSWORD,
      name: "Vio Linist",
      fullName: "Vio Linist",
    });
    expect(signUp.status).toBe(200);

    const mail = await smtp.waitFor("violinist@example.com");
    expect(mail.from).toBe(/<([^>]+)>/.exec(getEnv().MAIL_FROM)?.[1] ?? getEnv().MAIL_FROM);
    expect(mail.subject).toMatch(/Verify your e-mail address/);
    expect(mail.body).toMatch(/Content-Type: text\/plain/i);
    expect(mail.body).toMatch(/Content-Type: text\/html/i);
    const link =
      /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>&]+&(amp;)?callbackURL=%2F/.exec(
        mail.body,
      )?.[0];
    expect(link).toBeDefined();

    const verified = await app.auth.handler(new Request(link!.replace("&amp;", "&")));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    const [user] = await app.t.db
      .select()
      .from(users)
      .where(eq(users.email, "violinist@example.com"));
    expect(user?.emailVerified).toBe(true);

    await expect
      .poll(
        async () =>
          (
            await app.t.db
              .select()
              .from(mailOutbox)
              .where(eq(mailOutbox.toAddress, "violinist@example.com"))
          )[0]?.status,
      )
      .toBe("sent");
  });

  it("keeps the mail queued while the SMTP server is down and sends it when it is back", async () => {
    const down = await startSmtpCatcher();
    const port = down.port;
    await down.close();

    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    setMailTransport(transport);
    const id = await sendMail(
      app.t.db,
      renderMail({
        to: "buyer@example.com",
        subject: "Your download links",
        heading: "Thank you",
        paragraphs: ["Your files are ready."],
      }),
    );
    await flushOutbox(app.t.db);
    const [queued] = await app.t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued?.status).toBe("pending");
    expect(queued?.attempts).toBeGreaterThan(0);
    expect(queued?.lastError).toBeTruthy();

    const back = await startSmtpCatcher({ port });
    try {
      const later = new Date(Date.now() + retryDelayMs(queued!.attempts) + 1000);
      const result = await deliverDueMail(app.t.db, transport, {
        from: getEnv().MAIL_FROM,
        now: later,
      });
      expect(result.sent).toBeGreaterThanOrEqual(1);
      const mail = await back.waitFor("buyer@example.com");
      expect(mail.subject).toBe("Your download links");
      expect(mail.body).toContain("Your files are ready.");
      const [sent] = await app.t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(sent?.status).toBe("sent");
    } finally {
      await back.close();
    }
  });
});
