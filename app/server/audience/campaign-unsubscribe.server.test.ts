/**
 * One-click unsubscribe from a campaign mail (RFC 8058), through the route as React
 * Router calls it: the mail provider POSTs "List-Unsubscribe=One-Click" to the link of
 * the List-Unsubscribe header with no session, no cookie and no Origin header. The
 * origin check lets such a request through (it cannot act as anybody), the route
 * unsubscribes the recipient, and the campaign counts it. GET only asks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/newsletter.unsubscribe";
import { isRequestFromOwnSite } from "../http/origin-check.server";
import { setMailTransport, smtpBulkTransport, smtpTransport } from "../mail/mail.server";
import { startSmtpCatcher, type SmtpCatcher } from "../testing/smtp-catcher.server";
import { createTestApp, loadContext, type TestApp } from "../testing/test-app.server";
import { testDatabaseKinds } from "../testing/test-database.server";
import {
  fanAddresses,
  insertCampaign,
  insertSubscribers,
  standInRender,
} from "../testing/newsletter-fixtures.server";
import { campaignProgress, senderPass, startCampaignSend } from "./campaign-sending.server";

describe.each(await testDatabaseKinds())("one-click unsubscribe from a campaign on %s", (kind) => {
  let app: TestApp;
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    app = await createTestApp(kind);
    catcher = await startSmtpCatcher();
    setMailTransport(smtpTransport(catcher.url));
  });
  afterAll(async () => {
    setMailTransport(null);
    await catcher?.close();
    await app?.destroy();
  });

  it("unsubscribes with a POST that has no session, cookie or Origin, and counts it for the campaign", async () => {
    await insertSubscribers(app.t.db, fanAddresses(3, "one-click.example"));
    const campaign = await insertCampaign(app.t.db);
    await startCampaignSend(app.t.db, campaign.id, { render: standInRender });
    const transport = smtpBulkTransport(catcher.url);
    try {
      await senderPass(app.t.db, { render: standInRender, transport, ratePerSecond: 0 });
    } finally {
      transport.close();
    }
    const mail = await catcher.waitFor("fan00001@one-click.example");
    const headers = mail.body.slice(0, mail.body.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;
    expect(new URL(link).pathname).toBe("/newsletter/unsubscribe");

    const args = (request: Request) => ({ request, params: {}, context: loadContext }) as never;
    // GET only asks.
    expect(await loader(args(new Request(link)))).toEqual({
      state: "subscribed",
      email: expect.stringContaining("@one-click.example"),
    });
    expect(
      isRequestFromOwnSite(
        {
          method: "POST",
          origin: undefined,
          referer: undefined,
          host: "mx.example",
          hasCookie: false,
        },
        app.siteUrl,
      ),
    ).toBe(true);
    const oneClick = new Request(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await action(args(oneClick))).toEqual({ done: true });
    expect(await loader(args(new Request(link)))).toMatchObject({ state: "unsubscribed" });
    expect(await campaignProgress(app.t.db, campaign.id)).toMatchObject({
      sent: 3,
      unsubscribed: 1,
    });
  });
});
