/**
 * Forms and texts of the artist's business screens (messages, subscribers, audit log).
 * Admin-only: imported by admin routes, so zod stays off public pages.
 */
import { z } from "../core/zod";

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

export const SUBSCRIBERS_TEXT = {
  removed: "Subscriber removed",
  removeFailed: "Failed to remove subscriber",
  fetchFailed: "Failed to fetch subscribers",
  empty: "No subscribers yet",
  emptyHint: "People who sign up for the newsletter on the site appear here.",
  emptyFiltered: "No subscribers match this search.",
  emptyStatus: "No subscribers with this status.",
} as const;

export const AUDIT_TEXT = {
  fetchFailed: "Failed to fetch the audit log",
  empty: "Nothing has been changed in the back office yet.",
  emptyFiltered: "No changes on this screen yet.",
} as const;

export const messageHandledSchema = z.object({
  id: z.uuid("Unknown message"),
  handled: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export const messageRetrySchema = z.object({ id: z.uuid("Unknown message") });

export const subscriberRemoveSchema = z.object({ id: z.uuid("Unknown subscriber") });

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

/** "subscribed" is a confirmed subscriber; unsubscribed and bounced are suppressed. */
export const SUBSCRIBER_STATUSES = ["pending", "subscribed", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** What /admin/subscribers calls each status (its filter and its column). */
export const SUBSCRIBER_STATUS_LABEL: Record<SubscriberStatus, string> = {
  pending: "Pending",
  subscribed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

/** The status filter of the list: a known status, or every row. */
export function subscriberStatusFilter(raw: string | null): SubscriberStatus | "all" {
  return SUBSCRIBER_STATUSES.find((status) => status === raw) ?? "all";
}

export interface AdminSubscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  subscribedAt: string;
  /** When the subscriber confirmed (consent), and the page the sign-up came from. */
  confirmedAt: string | null;
  consentPage: string | null;
  unsubscribedAt: string | null;
  city: string | null;
}

export interface AuditRow {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  screen: string;
  /** The entry as a sentence: "Refunded order #00BBDB08 · $14.00" (audit-sentence.ts). */
  sentence: string;
  details: Record<string, unknown>;
}

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  pending: "Delivering",
  sent: "Delivered",
  failed: "Delivery failed",
  dropped: "Not sent: no longer meaningful",
  unconfigured: "Not sent: no mail server configured",
  unknown: "Not mailed",
};
