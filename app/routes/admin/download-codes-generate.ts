/**
 * POST /admin/download-codes/generate: makes a batch of download codes and answers
 * with them as a CSV, a PDF of cards, or both in a zip. The codes exist in clear only in this answer
 * (the database keeps hashes), so this is the artist's one copy
 * (docs/decisions/034-download-codes.md). A refusal answers JSON: { errors }.
 */
import type { Route } from "./+types/download-codes-generate";
import { readBatchInput, BATCH_MESSAGES } from "~/domain/shop/downloads/download-code";
import { hasControlCharacters } from "~/domain/core/control-characters";
import { requireAdmin } from "~/server/auth/access.server";
import { getEnv } from "~/server/core/env.server";
import { logger } from "~/server/core/logger.server";
import { zipFiles } from "~/server/core/zip.server";
import { getDb } from "~/server/db/database.server";
import { formFields, json, readFormData } from "~/server/http/api.server";
import {
  codeFileName,
  downloadCodeCardsPdf,
  downloadCodesCsv,
  type PaperSize,
} from "~/server/shop/download-code-files.server";
import {
  DownloadCodeError,
  findCodeableItem,
  loadCoverImage,
  newDownloadCodes,
  storeDownloadCodes,
} from "~/server/shop/download-codes.server";

export const GENERATE_FAILED = "The codes could not be made. Please try again.";

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
  zip: "application/zip",
} as const;

function refused(errors: Record<string, string>, status = 400): Response {
  return json({ errors }, status);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return json({ error: "Method Not Allowed" }, 405, { Allow: "POST" });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const form = formFields(await readFormData(request));
  const shopItemId = form.shopItemId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(shopItemId)) {
    return refused({ shopItemId: BATCH_MESSAGES.itemRequired });
  }
  if (hasControlCharacters(form.label ?? "")) {
    return refused({ label: BATCH_MESSAGES.labelRequired });
  }
  const batch = readBatchInput({ count: form.count ?? "", label: form.label ?? "" });
  if (!batch.ok) return refused({ [batch.field]: batch.message });
  const format = form.format === "csv" || form.format === "zip" ? form.format : "pdf";
  const paper: PaperSize = form.paper === "letter" ? "letter" : "a4";
  const { SITE_URL } = getEnv();

  try {
    const db = getDb();
    const item = await findCodeableItem(db, shopItemId);
    if (!item) return refused({ shopItemId: BATCH_MESSAGES.itemNotDigital });
    // The file is made before the codes are stored, and the answer leaves only after they
    // are: a failure on either side leaves neither a batch without its file nor the reverse.
    const codes = newDownloadCodes(batch.count);
    const files = { title: item.title, label: batch.label, codes, siteUrl: SITE_URL };
    const csv = () => Buffer.from(`\uFEFF${downloadCodesCsv(files)}`, "utf8");
    const pdf = async () =>
      Buffer.from(
        await downloadCodeCardsPdf({
          ...files,
          paper,
          cover: await loadCoverImage(item.imageUrl, SITE_URL),
        }),
      );
    const body =
      format === "csv"
        ? csv()
        : format === "pdf"
          ? await pdf()
          : zipFiles([
              { name: codeFileName(batch.label, "pdf"), data: await pdf() },
              { name: codeFileName(batch.label, "csv"), data: csv() },
            ]);
    const stored = await storeDownloadCodes(db, {
      shopItemId,
      label: batch.label,
      codes,
      actor: { id: actor.id, email: actor.email },
    });
    return new Response(body, {
      headers: {
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "X-Batch-Id": stored.batchId,
        "Content-Type": CONTENT_TYPES[format],
        "Content-Disposition": `attachment; filename="${codeFileName(batch.label, format)}"`,
      },
    });
  } catch (error) {
    if (error instanceof DownloadCodeError) {
      return refused({ [error.field ?? "form"]: error.message });
    }
    logger.error({ err: error }, "Download codes: generating a batch failed");
    return refused({ form: GENERATE_FAILED }, 500);
  }
}
