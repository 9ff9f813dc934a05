/**
 * Orders (issue 11): every order, filtered in the address, one order in a dialog with
 * refund, resend-links and mark-shipped, and the CSV of what the filters select.
 * Declared in components/admin/orders/orders-screen.tsx (what the screen shows) and
 * server/shop/orders-screen.server.ts (its list and its actions).
 */
import type { Route } from "./+types/orders";
import { adminClientAction } from "~/components/admin/kit/connection";
import { ListScreen } from "~/components/admin/kit/list-screen";
import { ORDERS_SCREEN } from "~/components/admin/orders/orders-screen";
import { adminMeta } from "~/domain/pages/seo";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { loadListScreen } from "~/server/admin/list-screen.server";
import { ORDERS_LIST, ORDER_INTENTS } from "~/server/shop/orders-screen.server";

export const loader = ({ request }: Route.LoaderArgs) => loadListScreen(request, ORDERS_LIST);

export const action = ({ request }: Route.ActionArgs) => handleAdminAction(request, ORDER_INTENTS);

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Orders({ loaderData }: Route.ComponentProps) {
  return <ListScreen screen={ORDERS_SCREEN} data={loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Orders");
