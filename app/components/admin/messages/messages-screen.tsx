/**
 * Messages (issue 11, "Beyond the spec"), declared: every contact-form message, newest
 * first, as cards with the delivery state of the mail that brought it to the artist;
 * All / Not handled in the address (?filter=unhandled); below, the other mails that did
 * not go out.
 */
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { defineListScreen } from "~/components/admin/kit/list-screen";
import type { FiltersOf } from "~/domain/admin/list-screen";
import {
  MESSAGES_TEXT,
  MESSAGE_FILTERS,
  type AdminMessage,
  type MessagePage,
  type UnsentMail,
} from "~/domain/audience/messages/message-admin";
import { MessagesList } from "./messages-list";
import { UnsentMailList } from "./messages-unsent-mail";

export const MESSAGES_SCREEN = defineListScreen<
  AdminMessage,
  FiltersOf<typeof MESSAGE_FILTERS>,
  MessagePage,
  never,
  { unsent: UnsentMail[] }
>({
  title: "Messages",
  description:
    "Everything sent with the contact form, newest first, and whether its mail reached you. Mark a message handled once you have answered it.",
  path: "/admin/messages",
  filters: MESSAGE_FILTERS,
  filterTabs: {
    label: "Show messages",
    tabs: [
      { filters: { filter: "all" }, label: "All" },
      {
        filters: { filter: "unhandled" },
        label: (view) => (view.list ? `Not handled (${view.list.unhandled})` : "Not handled"),
      },
    ],
  },
  list: {
    title: (view) =>
      view.filters.filter === "unhandled" ? "Waiting for an answer" : "All messages",
    cards: (rows, view) => <MessagesList messages={rows} timeZone={view.timeZone} />,
    empty: (view) =>
      view.filters.filter === "unhandled" ? (
        <p>{MESSAGES_TEXT.emptyUnhandled}</p>
      ) : (
        <div className="space-y-1">
          <p className="font-medium text-foreground">{MESSAGES_TEXT.empty}</p>
          <p className="text-sm">{MESSAGES_TEXT.emptyHint}</p>
        </div>
      ),
  },
  pages: {
    summary: (total) => (total === 1 ? "1 message" : `${total} messages`),
    label: "Pages of messages",
  },
  sections: {
    after: ({ parts: { unsent }, timeZone }) =>
      unsent && unsent.length > 0 ? (
        <AdminSection
          title="Mail not sent"
          description="Mails to buyers and people signing in that did not go out. One whose links stopped working before it could leave is not sent late."
        >
          <UnsentMailList mails={unsent} timeZone={timeZone} />
        </AdminSection>
      ) : null,
  },
});
