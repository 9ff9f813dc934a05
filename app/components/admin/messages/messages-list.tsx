/**
 * The contact messages as cards: who wrote, about what, when, the message itself, and
 * whether its mail reached the artist; each can be marked handled, and a failed
 * delivery sent again.
 */
import { CheckCircle2, Mail, RotateCcw, Undo2 } from "lucide-react";
import { formatDateTime } from "~/components/admin/kit/format";
import { useAdminFetcher } from "~/components/admin/kit/use-admin-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  DELIVERY_LABELS,
  type AdminMessage,
  type DeliveryStatus,
} from "~/domain/audience/messages/message-admin";

export const DELIVERY_TONES = {
  pending: "muted",
  sent: "success",
  failed: "destructive",
  dropped: "muted",
  unconfigured: "gold",
  unknown: "muted",
} as const satisfies Record<DeliveryStatus, string>;

/** The page's messages, newest first (the list screen says when there are none). */
export function MessagesList({
  messages,
  timeZone,
}: {
  messages: readonly AdminMessage[];
  timeZone: string;
}) {
  return (
    <ul className="space-y-4" aria-label="Messages, newest first">
      {messages.map((message) => (
        <MessageCard key={message.id} message={message} timeZone={timeZone} />
      ))}
    </ul>
  );
}

function MessageCard({ message, timeZone }: { message: AdminMessage; timeZone: string }) {
  const { fetcher, busy } = useAdminFetcher();
  const handled = message.handledAt !== null;
  const headingId = `message-${message.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-2xl border p-5 sm:p-6 ${handled ? "border-border/50 bg-card/60" : "border-border bg-card"}`}
      data-testid="admin-message"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-xl text-foreground break-words">
            {message.subject}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            <span className="text-foreground">{message.name}</span> ·{" "}
            <a
              href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
              className="break-all text-primary underline underline-offset-4"
            >
              {message.email}
            </a>{" "}
            ·{" "}
            <time dateTime={message.receivedAt}>
              {formatDateTime(message.receivedAt, timeZone)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {handled ? <Badge variant="gold">Handled</Badge> : <Badge variant="muted">New</Badge>}
          <Badge variant={DELIVERY_TONES[message.delivery.status]} data-testid="message-delivery">
            {DELIVERY_LABELS[message.delivery.status]}
          </Badge>
        </div>
      </div>

      <p className="mt-4 whitespace-pre-line break-words text-sm leading-relaxed text-foreground/90">
        {message.message}
      </p>

      {message.delivery.status === "dropped" && message.delivery.dropReason && (
        <p className="mt-3 text-xs text-muted-foreground">{message.delivery.dropReason}.</p>
      )}

      {message.delivery.status === "failed" && message.delivery.lastError && (
        <p className="mt-3 text-xs text-destructive">
          The mail to you failed after {message.delivery.attempts} attempts:{" "}
          {message.delivery.lastError}
        </p>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
          className="inline-flex h-9 items-center gap-2 rounded-full border border-border px-4 text-sm font-medium text-foreground transition-colors hover:border-primary hover:text-primary"
        >
          <Mail aria-hidden className="size-4" /> Reply
        </a>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="handle" />
          <input type="hidden" name="id" value={message.id} />
          <input type="hidden" name="handled" value={handled ? "false" : "true"} />
          <Button
            type="submit"
            variant={handled ? "ghost" : "outline"}
            size="sm"
            disabled={busy}
            aria-label={`${handled ? "Mark as not handled" : "Mark as handled"}: ${message.subject}`}
          >
            {handled ? <Undo2 aria-hidden /> : <CheckCircle2 aria-hidden />}
            {handled ? "Mark as not handled" : "Mark as handled"}
          </Button>
        </fetcher.Form>
        {message.delivery.status === "failed" && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="id" value={message.id} />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              <RotateCcw aria-hidden /> Send again
            </Button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}
