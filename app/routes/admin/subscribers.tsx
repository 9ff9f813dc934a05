/**
 * Subscribers (issue 11, "Beyond the spec"): the newsletter's list with a search, how
 * many are subscribed now, removal with a confirmation, and a CSV of the current
 * subscribers (/admin/export/subscribers). Declared in
 * components/admin/subscribers/subscribers-screen.tsx and
 * server/audience/subscribers-admin.server.ts.
 */
import type { Route } from "./+types/subscribers";
import { adminClientAction } from "~/components/admin/kit/connection";
import { ListScreen } from "~/components/admin/kit/list-screen";
import { SUBSCRIBERS_SCREEN } from "~/components/admin/subscribers/subscribers-screen";
import { adminMeta } from "~/domain/pages/seo";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { loadListScreen } from "~/server/admin/list-screen.server";
import { SUBSCRIBERS_LIST, SUBSCRIBER_INTENTS } from "~/server/audience/subscribers-admin.server";

export const loader = ({ request }: Route.LoaderArgs) => loadListScreen(request, SUBSCRIBERS_LIST);

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminAction(request, SUBSCRIBER_INTENTS);

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  return <ListScreen screen={SUBSCRIBERS_SCREEN} data={loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Subscribers");
