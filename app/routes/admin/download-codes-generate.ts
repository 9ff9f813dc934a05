/**
 * POST /admin/download-codes/generate: the intent that makes a batch of download codes,
 * answered as its file (a PDF of cards, a CSV, or both in a zip): the one time the codes
 * exist in clear (docs/decisions/034-download-codes.md). A refusal answers the admin
 * kit's JSON. A route of its own, because a page's action cannot answer a file.
 */
import type { Route } from "./+types/download-codes-generate";
import { handleAdminFileAction } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { DOWNLOAD_CODE_FILE_INTENTS } from "~/server/shop/download-code-batches.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return methodNotAllowed("POST");
}

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminFileAction(request, DOWNLOAD_CODE_FILE_INTENTS);
