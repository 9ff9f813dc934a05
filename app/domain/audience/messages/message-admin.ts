/**
 * The messages screen (/admin/messages, issue 11): contact-form messages with the
 * delivery state of the mail that brought each to the artist, the mails to buyers and
 * people signing in that did not go out, the list's filter, and the forms of its two
 * actions. Admin and server only (zod).
 */
import { z } from "../../core/zod";
import { choiceFilter, listFilters, type ListPage, type QueryOf } from "../../admin/list-screen";

export const MESSAGES_TEXT = {
  handled: "Message marked as handled",
  reopened: "Message marked as not handled",
  handleFailed: "Failed to update message",
  retried: "Delivery started again",
  retryFailed: "Failed to send the message again",
  fetchFailed: "Failed to fetch messages",
  empty: "No messages yet",
  emptyHint: "Messages sent with the contact form appear here, newest first.",
  emptyUnhandled: "Every message has been handled.",
} as const;

/** ?filter=unhandled shows what still waits for an answer; anything else is every message. */
export const MESSAGE_FILTERS = listFilters({
  filter: choiceFilter(["unhandled"] as const, "all"),
});

export type MessageFilters = QueryOf<typeof MESSAGE_FILTERS>;

export const messageHandledSchema = z.object({
  id: z.uuid("Unknown message"),
  handled: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export const messageRetrySchema = z.object({ id: z.uuid("Unknown message") });

/**
 * A mail's state as the messages screen shows it: the outbox's own (pending, sent,
 * failed, dropped), "unconfigured" for a pending mail while no mail server is set up
 * (it cannot leave; "Delivering" would wait forever), "unknown" for no mail at all.
 */
export type DeliveryStatus = "pending" | "sent" | "failed" | "dropped" | "unconfigured" | "unknown";

/** The outbox's status of a mail, read for the screen. */
export function deliveryStatus(
  outboxStatus: string | null | undefined,
  mailServerConfigured: boolean,
): DeliveryStatus {
  switch (outboxStatus) {
    case "pending":
      return mailServerConfigured ? "pending" : "unconfigured";
    case "sent":
    case "failed":
    case "dropped":
      return outboxStatus;
    default:
      return "unknown";
  }
}

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  pending: "Delivering",
  sent: "Delivered",
  failed: "Delivery failed",
  dropped: "Not sent: no longer meaningful",
  unconfigured: "Not sent: no mail server configured",
  unknown: "Not mailed",
};

/** A mail to a buyer or a user that did not go out: on the messages screen, with why. */
export interface UnsentMail {
  id: string;
  to: string;
  subject: string;
  status: DeliveryStatus;
  /** Why it was dropped, or the last delivery error. */
  reason: string | null;
  queuedAt: string;
}

export interface AdminMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
  handledAt: string | null;
  delivery: {
    status: DeliveryStatus;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    /** Why the mail was not sent after all (status dropped). */
    dropReason: string | null;
  };
}

/** A page of messages, and how many wait for an answer whatever the filter. */
export interface MessagePage extends ListPage<AdminMessage> {
  unhandled: number;
}
