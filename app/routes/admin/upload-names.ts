/**
 * The names stored files had on the artist's computer, for the upload field of every
 * admin screen (components/admin/kit/upload-names.ts): no page of its own.
 *
 *   GET ?url=<stored address>&url=…   → { names: { <address>: <original name> } }
 *
 * An address without a kept name is left out; the field then shows its last segment.
 */
import { data } from "react-router";
import type { Route } from "./+types/upload-names";
import { requireAdmin } from "~/server/auth/access.server";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/database.server";
import { readUploadNames } from "~/server/media/upload-names.server";

/** More addresses than any screen shows at once are not read. */
const MAX_URLS = 100;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const urls = new URL(request.url).searchParams
    .getAll("url")
    .filter((url) => url.length > 0 && url.length <= 2048)
    .slice(0, MAX_URLS);
  try {
    const names = await readUploadNames(getDb(), urls);
    return data({ names: Object.fromEntries(names) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The screens fall back to the storage name: a missing name is no reason to fail.
    logger.warn({ err: error }, "Upload names could not be read");
    return data({ names: {} }, { status: 500 });
  }
}
