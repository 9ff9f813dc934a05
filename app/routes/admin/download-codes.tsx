/**
 * Download codes (issue 23): batches for digital items, their redemptions, revoking.
 * The codes themselves are handed out by download-codes-generate.ts, once.
 */
import type { Route } from "./+types/download-codes";
import { adminClientAction } from "~/components/admin/kit/connection";
import {
  DownloadCodesScreen,
  type BatchRow,
} from "~/components/admin/download-codes/download-codes-screen";
import { adminMeta } from "~/domain/pages/seo";
import { z } from "~/domain/core/zod";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import { handleAdminAction, intent } from "~/server/admin/admin-action.server";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { orNull } from "~/server/core/settle.server";
import { getDb } from "~/server/db/database.server";
import {
  batchRedemptions,
  listCodeableItems,
  listDownloadCodeBatches,
  revokeUnusedCodes,
  type BatchSummary,
} from "~/server/shop/download-codes.server";

const LOAD_FAILED = "Failed to load download codes";

function toRow(batch: BatchSummary): BatchRow {
  return {
    id: batch.id,
    label: batch.label,
    itemTitle: batch.itemTitle,
    source: batch.source,
    createdAt: batch.createdAt.toISOString(),
    total: batch.total,
    redeemed: batch.redeemed,
    unused: batch.unused,
    revoked: batch.revoked,
  };
}

const batchIdSchema = z.object({ batchId: z.uuid() });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [batches, items] = await Promise.all([
    orNull(listDownloadCodeBatches(db), "download code batches"),
    orNull(listCodeableItems(db), "codeable items"),
  ]);
  const rows = (batches ?? []).map(toRow);
  const wanted = batchIdSchema.safeParse({
    batchId: new URL(request.url).searchParams.get("batch"),
  });
  const batch = wanted.success ? rows.find((r) => r.id === wanted.data.batchId) : undefined;
  const redemptions = batch ? await orNull(batchRedemptions(db, batch.id), "redemptions") : null;
  return {
    items: items ?? [],
    batches: rows,
    loadFailed: batches ? null : LOAD_FAILED,
    timeZone: getEnv().SITE_TIME_ZONE,
    open: batch
      ? {
          batch,
          redemptions: (redemptions ?? []).map((r) => ({
            email: r.email,
            redeemedAt: r.redeemedAt.toISOString(),
          })),
        }
      : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAdminAction(request, {
    revoke: intent({
      schema: batchIdSchema,
      run: ({ db, actor, input }) => revokeUnusedCodes(db, input.batchId, { actor }),
      success: (count) => ({
        title: "Codes revoked",
        description:
          count === 1 ? "1 unused code no longer works." : `${count} unused codes no longer work.`,
      }),
      failure: "Failed to revoke codes",
    }),
  });
}

/** A post lost in transit keeps the screen as it was (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function DownloadCodes({ loaderData }: Route.ComponentProps) {
  return <DownloadCodesScreen {...loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("Download Codes");
