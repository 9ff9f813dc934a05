/**
 * Messages (issue 11, "Beyond the spec"): every contact-form message, newest first,
 * with the delivery state of the mail that brought it to the artist. Mark handled;
 * send a failed delivery again. ?filter=unhandled shows what still waits. Declared in
 * components/admin/messages/messages-screen.tsx and server/audience/messages-admin.server.ts.
 */
import type { Route } from "./+types/messages";
import { adminClientAction } from "~/components/admin/kit/connection";
import { ListScreen } from "~/components/admin/kit/list-screen";
import { MESSAGES_SCREEN } from "~/components/admin/messages/messages-screen";
import { adminMeta } from "~/domain/pages/seo";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { loadListScreen } from "~/server/admin/list-screen.server";
import { MESSAGES_LIST, MESSAGE_INTENTS } from "~/server/audience/messages-admin.server";

export const loader = ({ request }: Route.LoaderArgs) => loadListScreen(request, MESSAGES_LIST);

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminAction(request, MESSAGE_INTENTS);

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <ListScreen screen={MESSAGES_SCREEN} data={loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Messages");
