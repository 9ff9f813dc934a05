/**
 * The subscribers screen (/admin/subscribers, issue 11): the newsletter's list with a
 * search and a status filter, its words, and the form of a removal. Admin and server
 * only (zod).
 */
import { z } from "../../core/zod";
import {
  choiceFilter,
  listFilters,
  searchFilter,
  type ListPage,
  type QueryOf,
} from "../../admin/list-screen";

export const SUBSCRIBERS_TEXT = {
  removed: "Subscriber removed",
  removeFailed: "Failed to remove subscriber",
  fetchFailed: "Failed to fetch subscribers",
  empty: "No subscribers yet",
  emptyHint: "People who sign up for the newsletter on the site appear here.",
  emptyFiltered: "No subscribers match this search.",
  emptyStatus: "No subscribers with this status.",
} as const;

export const subscriberRemoveSchema = z.object({ id: z.uuid("Unknown subscriber") });

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

/** Longer searches are cut: nobody types 200 characters to find an address. */
export const SUBSCRIBER_SEARCH_MAX = 200;

/** The list's filters: part of an address, and a known status or every row ("all"). */
export const SUBSCRIBER_FILTERS = listFilters({
  q: searchFilter(SUBSCRIBER_SEARCH_MAX),
  status: choiceFilter(SUBSCRIBER_STATUSES, "all"),
});

export type SubscriberFilters = QueryOf<typeof SUBSCRIBER_FILTERS>;

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

/** A page of the list, and the counts of the whole list whatever the search. */
export interface SubscriberPage extends ListPage<AdminSubscriber> {
  /** Everyone on the list now (confirmed). */
  subscribedCount: number;
  /** Sign-ups waiting for their confirmation. */
  pendingCount: number;
}
