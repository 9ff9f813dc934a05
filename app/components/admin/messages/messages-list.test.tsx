/** The messages screen's delivery states as the server renders them (issue 26, item 13). */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminMessage, UnsentMail } from "~/domain/audience/messages/message-admin";
import { MAIL_DROP_REASONS } from "~/domain/mail/mail-validity";
import { MessagesList } from "./messages-list";
import { UnsentMailList } from "./messages-unsent-mail";

const message = (delivery: Partial<AdminMessage["delivery"]>): AdminMessage => ({
  id: "m1",
  name: "Ana",
  email: "ana@example.com",
  subject: "Booking in May",
  message: "Hello",
  receivedAt: "2026-11-27T10:00:00.000Z",
  handledAt: null,
  delivery: {
    status: "pending",
    attempts: 0,
    lastError: null,
    sentAt: null,
    dropReason: null,
    ...delivery,
  },
});

function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("the messages screen's delivery states", () => {
  it("says a message is not sent while no mail server is configured, and offers no retry", () => {
    const html = render(
      <MessagesList messages={[message({ status: "unconfigured" })]} timeZone="America/New_York" />,
    );
    expect(html).toContain("Not sent: no mail server configured");
    expect(html).not.toContain("Delivering");
    expect(html).not.toContain("Send again");
  });

  it("lists the other mails that did not go out, with why", () => {
    const mails: UnsentMail[] = [
      {
        id: "x1",
        to: "buyer@example.com",
        subject: "Your download links – order 1A2B3C4D",
        status: "dropped",
        reason: MAIL_DROP_REASONS.downloadsGone,
        queuedAt: "2026-11-27T10:00:00.000Z",
      },
      {
        id: "x2",
        to: "new@example.com",
        subject: "Verify your email",
        status: "unconfigured",
        reason: null,
        queuedAt: "2026-11-27T10:00:00.000Z",
      },
    ];
    const html = render(<UnsentMailList mails={mails} timeZone="America/New_York" />);
    expect(html).toContain("Not sent: no longer meaningful");
    expect(html).toContain(MAIL_DROP_REASONS.downloadsGone);
    expect(html).toContain("Not sent: no mail server configured");
    expect(html).toContain("buyer@example.com");
  });
});
