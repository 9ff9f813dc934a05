/**
 * /admin/download-codes (issue 23): make a batch of codes for a digital item and take
 * them away as a PDF of cards or a CSV (the one time they exist in clear), see each
 * batch's redemptions, revoke its unused codes. docs/decisions/034-download-codes.md.
 */
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { Ban, FileArchive, FileDown, Loader2, Users } from "lucide-react";
import { AdminScreen, AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/kit/data-table";
import { DetailDialog } from "~/components/admin/kit/detail-dialog";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { formatDateTime } from "~/components/admin/kit/format";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import {
  BATCH_MESSAGES,
  DOWNLOAD_CODE_LABEL_MAX,
  MAX_DOWNLOAD_CODE_BATCH,
  readBatchInput,
} from "~/domain/shop/downloads/download-code";
import { toast } from "~/lib/toast";

export const DOWNLOAD_CODES_PATH = "/admin/download-codes";
const GENERATE_PATH = `${DOWNLOAD_CODES_PATH}/generate`;

export interface BatchRow {
  id: string;
  label: string;
  itemTitle: string;
  source: string;
  createdAt: string;
  total: number;
  redeemed: number;
  unused: number;
  revoked: number;
}

export interface DownloadCodesScreenProps {
  items: readonly { id: string; title: string }[];
  batches: readonly BatchRow[];
  loadFailed: string | null;
  timeZone: string;
  /** The batch whose redemptions are open (?batch=), with them. */
  open: {
    batch: BatchRow;
    redemptions: readonly { email: string; redeemedAt: string }[];
  } | null;
}

type GenerateErrors = Partial<Record<"shopItemId" | "count" | "label" | "form", string>>;

/** The file name the server chose, from its Content-Disposition. */
function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type CodeFileFormat = "pdf" | "csv" | "zip";

const SAVED_AS: Record<CodeFileFormat, string> = {
  pdf: "printable cards",
  csv: "a CSV",
  zip: "a zip of the cards and the CSV",
};

function GenerateBatchForm({ items }: { items: DownloadCodesScreenProps["items"] }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<GenerateErrors>({});
  const [pending, setPending] = useState<CodeFileFormat | null>(null);

  async function generate(form: HTMLFormElement, format: CodeFileFormat) {
    const data = new FormData(form);
    data.set("format", format);
    const next: GenerateErrors = {};
    if (!data.get("shopItemId")) next.shopItemId = BATCH_MESSAGES.itemRequired;
    const reading = readBatchInput({
      count: String(data.get("count") ?? ""),
      label: String(data.get("label") ?? ""),
    });
    if (!reading.ok) next[reading.field] = reading.message;
    setErrors(next);
    if (Object.keys(next).length) return;

    setPending(format);
    try {
      const response = await fetch(GENERATE_PATH, { method: "POST", body: data });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || type.includes("json")) {
        const body = (await response.json().catch(() => ({}))) as { errors?: GenerateErrors };
        setErrors(body.errors ?? { form: "The codes could not be made. Please try again." });
        return;
      }
      saveFile(await response.blob(), attachmentName(response, `download-codes.${format}`));
      toast.success("Download codes generated", {
        description: `${reading.ok ? reading.count.toLocaleString("en-US") : ""} codes, saved as ${SAVED_AS[format]}. Keep the file: the codes cannot be shown again.`,
      });
      form.reset();
      await revalidator.revalidate();
    } catch {
      setErrors({ form: "The connection failed. Please check it and try again." });
    } finally {
      setPending(null);
    }
  }

  if (!items.length) {
    return (
      <p className="rounded-2xl border border-border bg-card px-5 py-4 text-sm text-muted-foreground">
        Download codes are for shop items with a file to download. Give an item a private file on
        the{" "}
        <Link to="/admin/shop" className="text-primary underline-offset-4 hover:underline">
          Shop screen
        </Link>{" "}
        first.
      </p>
    );
  }

  return (
    <form
      noValidate
      aria-label="Generate download codes"
      className="space-y-5 rounded-2xl border border-border bg-card p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const value = submitter?.value;
        void generate(event.currentTarget, value === "csv" || value === "zip" ? value : "pdf");
      }}
    >
      <FormAlert message={errors.form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="batch-item" label="Digital item" error={errors.shopItemId}>
          {(control) => (
            <Select {...control} name="shopItemId" defaultValue="">
              <option value="" disabled>
                Choose an item
              </option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="batch-label"
          label="Label"
          error={errors.label}
          hint="For you: where these codes go, e.g. “Spring tour CDs”."
        >
          {(control) => (
            <Input
              {...control}
              name="label"
              maxLength={DOWNLOAD_CODE_LABEL_MAX}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          id="batch-count"
          label="Number of codes"
          error={errors.count}
          hint={`From 1 to ${MAX_DOWNLOAD_CODE_BATCH.toLocaleString("en-US")}.`}
        >
          {(control) => (
            <Input
              {...control}
              name="count"
              inputMode="numeric"
              defaultValue="100"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField id="batch-paper" label="Paper for the cards">
          {(control) => (
            <Select {...control} name="paper" defaultValue="letter">
              <option value="letter">Letter (8 cards a page)</option>
              <option value="a4">A4 (8 cards a page)</option>
            </Select>
          )}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">
        The codes are shown only in the file you download now: the site keeps them in a form nobody
        can read back. Print the cards or keep the CSV somewhere safe (the zip holds both).
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button type="submit" value="pdf" disabled={pending !== null}>
          {pending === "pdf" ? (
            <Loader2 aria-hidden className="animate-spin" />
          ) : (
            <FileDown aria-hidden />
          )}
          {pending === "pdf" ? "Generating..." : "Generate and download PDF cards"}
        </Button>
        <Button type="submit" value="csv" variant="outline" disabled={pending !== null}>
          {pending === "csv" ? (
            <Loader2 aria-hidden className="animate-spin" />
          ) : (
            <FileDown aria-hidden />
          )}
          {pending === "csv" ? "Generating..." : "Generate and download CSV"}
        </Button>
        <Button type="submit" value="zip" variant="outline" disabled={pending !== null}>
          {pending === "zip" ? (
            <Loader2 aria-hidden className="animate-spin" />
          ) : (
            <FileArchive aria-hidden />
          )}
          {pending === "zip" ? "Generating..." : "Both, as a zip"}
        </Button>
      </div>
    </form>
  );
}

function RedemptionsDialog({
  open,
  timeZone,
}: Pick<DownloadCodesScreenProps, "open" | "timeZone">) {
  const navigate = useNavigate();
  return (
    <DetailDialog
      open={open !== null}
      onClose={() => navigate(DOWNLOAD_CODES_PATH, { replace: true, preventScrollReset: true })}
      title={open ? `Redemptions: ${open.batch.label}` : "Redemptions"}
      description={
        open
          ? `${open.batch.itemTitle} · ${open.batch.redeemed} of ${open.batch.total} codes redeemed`
          : undefined
      }
    >
      {open && !open.redemptions.length ? (
        <p className="text-sm text-muted-foreground">
          No code of this batch has been redeemed yet.
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {open?.redemptions.map((r) => (
            <li
              key={`${r.email}-${r.redeemedAt}`}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between"
            >
              <span className="break-all font-medium">{r.email}</span>
              <span className="text-sm text-muted-foreground">
                {formatDateTime(r.redeemedAt, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DetailDialog>
  );
}

export function DownloadCodesScreen(props: DownloadCodesScreenProps) {
  const [revoking, setRevoking] = useState<BatchRow | null>(null);
  const columns: DataTableColumn<BatchRow>[] = [
    {
      id: "label",
      header: "Batch",
      cell: (row) => (
        <div>
          <p className="font-medium">{row.label}</p>
          <p className="text-sm text-muted-foreground">{row.itemTitle}</p>
        </div>
      ),
    },
    {
      id: "created",
      header: "Made",
      cell: (row) => formatDateTime(row.createdAt, props.timeZone),
      hideOnMobile: true,
    },
    {
      id: "counts",
      header: "Codes",
      // A line of its own on a phone, so the two buttons after it have the next one.
      className: "max-sm:basis-full",
      cell: (row) => (
        <span className="text-sm">
          {row.redeemed} redeemed · {row.unused} unused · {row.revoked} revoked
        </span>
      ),
    },
  ];
  return (
    <AdminScreen
      title="Download Codes"
      description="Single-use codes for a digital item: hand them out with a CD, at a concert or to the press. A fan redeems one at /redeem and gets the files by e-mail."
    >
      <AdminSection title="Generate a batch">
        <GenerateBatchForm items={props.items} />
      </AdminSection>
      <AdminSection title="Batches">
        <DataTable
          columns={columns}
          rows={props.batches}
          rowLabel={(row) => row.label}
          emptyMessage="No download codes yet. Generate a batch above."
          loadFailed={props.loadFailed}
          actionsHeader="Actions"
          rowActions={{
            extra: (row) => (
              <>
                <Link
                  to={`?batch=${row.id}`}
                  preventScrollReset
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  aria-label={`Redemptions of "${row.label}"`}
                >
                  <Users aria-hidden />
                  Redemptions
                </Link>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={row.unused === 0}
                  aria-label={`Revoke unused codes of "${row.label}"`}
                  onClick={() => setRevoking(row)}
                >
                  <Ban aria-hidden />
                  Revoke unused
                </Button>
              </>
            ),
          }}
        />
      </AdminSection>
      <RedemptionsDialog open={props.open} timeZone={props.timeZone} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke unused codes"
        description={
          revoking
            ? `The ${revoking.unused} unused codes of "${revoking.label}" will stop working. Codes already redeemed keep their downloads. This cannot be undone.`
            : ""
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        icon={<Ban aria-hidden />}
        fields={revoking ? { intent: "revoke", batchId: revoking.id } : undefined}
      />
    </AdminScreen>
  );
}
