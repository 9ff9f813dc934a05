/**
 * The mails to buyers and people signing in that did not go out (issue 26, item 13):
 * waiting because no mail server is configured, failed, or dropped when they could
 * finally leave because their links no longer worked, each with the reason.
 */
import { formatDateTime } from "~/components/admin/kit/format";
import { Badge } from "~/components/ui/badge";
import { DELIVERY_LABELS, type UnsentMail } from "~/domain/audience/messages/message-admin";
import { DELIVERY_TONES } from "./messages-list";

export function UnsentMailList({ mails, timeZone }: { mails: UnsentMail[]; timeZone: string }) {
  if (mails.length === 0) {
    return <p className="text-sm text-muted-foreground">Every other mail went out.</p>;
  }
  return (
    <ul
      className="divide-y divide-border/60 rounded-2xl border border-border"
      aria-label="Mail not sent"
    >
      {mails.map((mail) => (
        <li key={mail.id} className="space-y-1 p-4" data-testid="unsent-mail">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="min-w-0 font-medium break-words">{mail.subject}</p>
            <Badge variant={DELIVERY_TONES[mail.status]}>{DELIVERY_LABELS[mail.status]}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            To <span className="break-all text-foreground">{mail.to}</span> · queued{" "}
            <time dateTime={mail.queuedAt}>{formatDateTime(mail.queuedAt, timeZone)}</time>
          </p>
          {mail.reason && mail.status !== "unconfigured" && (
            <p className="text-sm text-muted-foreground" data-testid="unsent-mail-reason">
              {mail.reason}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
