/**
 * /admin/download-codes (issue 23), declared: make a batch of codes for a digital item
 * and take them away as a PDF of cards or a CSV (the one time they exist in clear), see
 * each batch's redemptions (`?batch=<id>`), revoke its unused codes.
 * docs/decisions/034-download-codes.md.
 */
import { useState } from "react";
import { Link } from "react-router";
import { Ban, FileArchive, FileDown, Loader2, Users } from "lucide-react";
import { AdminSection } from "~/components/admin/kit/admin-screen";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DetailDialog } from "~/components/admin/kit/detail-dialog";
import { useFileIntent } from "~/components/admin/kit/file-intent";
import { FormAlert } from "~/components/admin/kit/form-alert";
import { formatDateTime } from "~/components/admin/kit/format";
import { defineListScreen, type ListDetailProps } from "~/components/admin/kit/list-screen";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { FiltersOf } from "~/domain/admin/list-screen";
import {
  BATCH_FILTERS,
  DOWNLOAD_CODES_TEXT,
  DOWNLOAD_CODE_LABEL_MAX,
  MAX_DOWNLOAD_CODE_BATCH,
  downloadCodeBatchSchema,
  type BatchDetail,
  type BatchList,
  type BatchRow,
  type CodeFileFormat,
  type CodeableItem,
} from "~/domain/shop/downloads/download-code-batch";
import { formatWholeNumber } from "~/domain/core/money";

export const DOWNLOAD_CODES_PATH = "/admin/download-codes";
/** Where a batch is made and answered as its file (routes/admin/download-codes-generate.ts). */
export const GENERATE_PATH = `${DOWNLOAD_CODES_PATH}/generate`;

const FORMAT_BUTTONS: readonly {
  format: CodeFileFormat;
  label: string;
  icon: React.ReactNode;
  variant?: "outline";
}[] = [
  { format: "pdf", label: "Generate and download PDF cards", icon: <FileDown aria-hidden /> },
  {
    format: "csv",
    label: "Generate and download CSV",
    icon: <FileDown aria-hidden />,
    variant: "outline",
  },
  { format: "zip", label: "Both, as a zip", icon: <FileArchive aria-hidden />, variant: "outline" },
];

function GenerateBatchForm({ items }: { items: readonly CodeableItem[] }) {
  const { onSubmit, pending, fieldErrors, failure } = useFileIntent({
    action: GENERATE_PATH,
    intent: "generate",
    schema: downloadCodeBatchSchema,
    fallbackName: "download-codes",
  });

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
      method="post"
      action={GENERATE_PATH}
      noValidate
      aria-label="Generate download codes"
      className="space-y-5 rounded-2xl border border-border bg-card p-5 sm:p-6"
      onSubmit={onSubmit}
    >
      {/* Without JavaScript the form posts straight to the file's route: the file downloads. */}
      <input type="hidden" name="intent" value="generate" />
      <FormAlert message={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="batch-item" label="Digital item" error={fieldErrors.shopItemId}>
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
          error={fieldErrors.label}
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
          error={fieldErrors.count}
          hint={`From 1 to ${formatWholeNumber(MAX_DOWNLOAD_CODE_BATCH)}.`}
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
        {FORMAT_BUTTONS.map(({ format, label, icon, variant }) => (
          <Button
            key={format}
            type="submit"
            name="format"
            value={format}
            variant={variant}
            disabled={pending !== null}
          >
            {pending === format ? <Loader2 aria-hidden className="animate-spin" /> : icon}
            {pending === format ? "Generating..." : label}
          </Button>
        ))}
      </div>
    </form>
  );
}

function RedemptionsDialog({ detail, onClose, timeZone }: ListDetailProps<BatchDetail>) {
  const open = detail?.data ?? null;
  return (
    <DetailDialog
      open={detail !== null}
      onClose={onClose}
      title={open ? `Redemptions: ${open.batch.label}` : "Redemptions"}
      description={
        open
          ? `${open.batch.itemTitle} · ${open.batch.redeemed} of ${open.batch.total} codes redeemed`
          : undefined
      }
    >
      {detail?.missing ? (
        <p role="alert" className="text-sm text-destructive">
          {detail.missing}
        </p>
      ) : open && !open.redemptions.length ? (
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

/** "Revoke unused" and its confirmation; focus comes back to the button when it closes. */
function RevokeUnusedButton({ row }: { row: BatchRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={row.unused === 0}
        aria-label={`Revoke unused codes of "${row.label}"`}
        onClick={() => setOpen(true)}
      >
        <Ban aria-hidden />
        Revoke unused
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke unused codes"
        description={`The ${row.unused} unused codes of "${row.label}" will stop working. Codes already redeemed keep their downloads. This cannot be undone.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        icon={<Ban aria-hidden />}
        fields={{ intent: "revoke", batchId: row.id }}
      />
    </>
  );
}

export const DOWNLOAD_CODES_SCREEN = defineListScreen<
  BatchRow,
  FiltersOf<typeof BATCH_FILTERS>,
  BatchList,
  BatchDetail,
  { items: CodeableItem[] }
>({
  title: "Download Codes",
  description:
    "Single-use codes for a digital item: hand them out with a CD, at a concert or to the press. A fan redeems one at /redeem and gets the files by e-mail.",
  path: DOWNLOAD_CODES_PATH,
  filters: BATCH_FILTERS,
  sections: {
    before: (data) => (
      <AdminSection title="Generate a batch">
        <GenerateBatchForm items={data.parts.items ?? []} />
      </AdminSection>
    ),
  },
  list: {
    title: "Batches",
    caption: "Batches of download codes, newest first",
    columns: (view) => [
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
        cell: (row) => formatDateTime(row.createdAt, view.timeZone),
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
    ],
    rowLabel: (row) => row.label,
    actionsHeader: "Actions",
    rowActions: (view) => ({
      extra: (row) => (
        <>
          <Link
            to={view.href({ open: row.id })}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm" })}
            aria-label={`Redemptions of "${row.label}"`}
          >
            <Users aria-hidden />
            Redemptions
          </Link>
          <RevokeUnusedButton row={row} />
        </>
      ),
    }),
    empty: () => DOWNLOAD_CODES_TEXT.empty,
  },
  detail: { param: "batch", render: (props) => <RedemptionsDialog {...props} /> },
});
