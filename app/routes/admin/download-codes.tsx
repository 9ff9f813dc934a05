/**
 * Download codes (issue 23): batches for digital items, their redemptions, revoking.
 * Declared in components/admin/download-codes/download-codes-screen.tsx and
 * server/shop/download-code-batches.server.ts; a new batch's codes are answered as a
 * file by download-codes-generate.ts, once.
 */
import type { Route } from "./+types/download-codes";
import { DOWNLOAD_CODES_SCREEN } from "~/components/admin/download-codes/download-codes-screen";
import { adminClientAction } from "~/components/admin/kit/connection";
import { ListScreen } from "~/components/admin/kit/list-screen";
import { adminMeta } from "~/domain/pages/seo";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { loadListScreen } from "~/server/admin/list-screen.server";
import {
  DOWNLOAD_CODES_LIST,
  DOWNLOAD_CODE_INTENTS,
} from "~/server/shop/download-code-batches.server";

export const loader = ({ request }: Route.LoaderArgs) =>
  loadListScreen(request, DOWNLOAD_CODES_LIST);

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminAction(request, DOWNLOAD_CODE_INTENTS);

/** A post lost in transit keeps the screen as it was (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function DownloadCodes({ loaderData }: Route.ComponentProps) {
  return <ListScreen screen={DOWNLOAD_CODES_SCREEN} data={loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Download Codes");
