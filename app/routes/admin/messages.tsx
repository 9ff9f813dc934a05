/**
 * Messages (issue 11, "Beyond the spec"): every contact-form message, newest first,
 * with the delivery state of the mail that brought it to the artist. Mark handled;
 * send a failed delivery again. ?filter=unhandled shows what still waits.
 */
import { Link } from "react-router";
import { adminMeta } from "~/domain/pages/seo";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/messages";
import { MessagesList } from "~/components/admin/business/messages-list";
import { UnsentMailList } from "~/components/admin/business/messages-unsent-mail";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { ListPagination, withPage } from "~/components/admin/kit/list-pagination";
import { pageNumber } from "~/domain/admin/audit-log";
import {
  MESSAGES_TEXT,
  messageHandledSchema,
  messageRetrySchema,
} from "~/domain/admin/business-admin";
import { cn } from "~/lib/cn";
import { useToastMessage } from "~/lib/toast";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import {
  listMessages,
  listUnsentMail,
  retryMessageDelivery,
  setMessageHandled,
  type MessageFilter,
} from "~/server/audience/messages-admin.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import { newToast } from "~/server/http/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filter: MessageFilter = params.get("filter") === "unhandled" ? "unhandled" : "all";
  const db = getDb();
  const [page, unsent] = await Promise.all([
    orNull(listMessages(db, { filter, page: pageNumber(params.get("page")) }), "messages"),
    orNull(listUnsentMail(db), "unsent mail"),
  ]);
  return {
    filter,
    page,
    unsent,
    timeZone: getEnv().SITE_TIME_ZONE,
    toast: page ? null : newToast("error", "Error", MESSAGES_TEXT.fetchFailed),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    handle: intent({
      schema: messageHandledSchema,
      run: async ({ db, actor, input }) => ({
        ...(await setMessageHandled(db, actor, input.id, input.handled)),
        handled: input.handled,
      }),
      success: ({ subject, handled }) => ({
        title: handled ? MESSAGES_TEXT.handled : MESSAGES_TEXT.reopened,
        description: subject,
      }),
      failure: MESSAGES_TEXT.handleFailed,
    }),
    retry: intent({
      schema: messageRetrySchema,
      run: ({ db, actor, input }) => retryMessageDelivery(db, actor, input.id),
      success: ({ subject }) => ({ title: MESSAGES_TEXT.retried, description: subject }),
      failure: MESSAGES_TEXT.retryFailed,
    }),
  });
}

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Messages({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  const { filter, page, unsent, timeZone } = loaderData;
  const tab = (value: MessageFilter, label: string) => (
    <Link
      to={value === "all" ? "/admin/messages" : "/admin/messages?filter=unhandled"}
      aria-current={filter === value ? "page" : undefined}
      className={cn(
        "rounded-full px-4 py-2 text-sm font-medium transition-colors",
        filter === value
          ? "bg-primary text-primary-foreground"
          : "text-muted-foreground hover:bg-muted hover:text-foreground",
      )}
    >
      {label}
    </Link>
  );
  const emptyText =
    filter === "unhandled" ? (
      <p>{MESSAGES_TEXT.emptyUnhandled}</p>
    ) : (
      <div className="space-y-1">
        <p className="font-medium text-foreground">{MESSAGES_TEXT.empty}</p>
        <p className="text-sm">{MESSAGES_TEXT.emptyHint}</p>
      </div>
    );

  return (
    <AdminScreen
      title="Messages"
      description="Everything sent with the contact form, newest first, and whether its mail reached you. Mark a message handled once you have answered it."
    >
      <AdminSection
        title={filter === "unhandled" ? "Waiting for an answer" : "All messages"}
        action={
          <nav
            aria-label="Show messages"
            className="flex gap-1 rounded-full border border-border p-1"
          >
            {tab("all", "All")}
            {tab("unhandled", page ? `Not handled (${page.unhandled})` : "Not handled")}
          </nav>
        }
      >
        <div className="space-y-6">
          <MessagesList
            messages={page?.messages ?? []}
            timeZone={timeZone}
            emptyText={emptyText}
            loadFailed={page ? null : MESSAGES_TEXT.fetchFailed}
          />
          {page && page.total > 0 && (
            <ListPagination
              page={page.page}
              pageCount={page.pageCount}
              summary={page.total === 1 ? "1 message" : `${page.total} messages`}
              label="Pages of messages"
              hrefFor={(n) =>
                `/admin/messages${withPage({ filter: filter === "all" ? null : filter }, n)}`
              }
            />
          )}
        </div>
      </AdminSection>
      {unsent && unsent.length > 0 && (
        <AdminSection
          title="Mail not sent"
          description="Mails to buyers and people signing in that did not go out. One whose links stopped working before it could leave is not sent late."
        >
          <UnsentMailList mails={unsent} timeZone={timeZone} />
        </AdminSection>
      )}
    </AdminScreen>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Messages");
