/**
 * A confirmation on the Dialog primitive (role "alertdialog"): focus starts on Cancel,
 * Tab stays inside, Escape closes, focus returns to the opener. It either calls
 * onConfirm, or posts hidden fields (intent=delete, id …) through a fetcher, shows
 * the pending label, and closes once the action answers ok (or redirects).
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Loader2, Trash2 } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { AdminActionResult } from "~/domain/admin/admin-action";
import { cn } from "~/lib/cn";
import { FormAlert } from "./form-alert";
import { useRowControls } from "./row-controls";
import { useAdminFetcher } from "./use-admin-fetcher";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The spec's words, e.g. "Delete Photo". */
  title: React.ReactNode;
  /** e.g. "Are you sure you want to delete this photo? This action cannot be undone." */
  description: React.ReactNode;
  /** The destructive button, e.g. "Delete" or "Remove". */
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  cancelLabel?: string;
  /**
   * Render Cancel as a link to this address (a screen whose confirmation can also be
   * reached by URL, e.g. `?confirm=id`, links back to the page without it).
   */
  cancelHref?: string;
  /** Without `fields`: called on confirm, then the dialog closes. */
  onConfirm?: () => void;
  /** Hidden fields to post through a fetcher, e.g. { intent: "delete", id }. */
  fields?: Record<string, string>;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** After the action answered ok (the dialog is closing). */
  onDone?: (data: AdminActionResult | undefined) => void;
  /** The confirm button's icon; a bin unless told (null for none). */
  icon?: React.ReactNode;
  /** "destructive" (red) unless told; "primary" for a confirmation that deletes nothing. */
  confirmVariant?: "destructive" | "primary";
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description } = props;
  // The body owns the fetcher, so every opening starts clean; it reports when it is
  // busy, which keeps the dialog from being dismissed half-way.
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setBusy(false);
        onOpenChange(false);
      }}
      role="alertdialog"
      title={title}
      description={description}
      dismissible={!busy}
      className="w-[min(100vw-2rem,28rem)]"
    >
      <ConfirmBody {...props} onBusyChange={setBusy} />
    </Dialog>
  );
}

function ConfirmBody({
  onOpenChange,
  confirmLabel,
  pendingLabel = "Deleting...",
  cancelLabel = "Cancel",
  cancelHref,
  onConfirm,
  fields,
  action,
  onDone,
  icon = <Trash2 aria-hidden />,
  confirmVariant = "destructive",
  onBusyChange,
}: ConfirmDialogProps & { onBusyChange: (busy: boolean) => void }) {
  const { fetcher, busy, failure } = useAdminFetcher({
    onSuccess: (data) => {
      onDone?.(data);
      onOpenChange(false);
    },
  });
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const cancelClasses = buttonVariants({ variant: "ghost" });
  const cancel = cancelHref ? (
    <Link
      to={cancelHref}
      replace
      preventScrollReset
      data-autofocus
      aria-disabled={busy || undefined}
      className={cn(cancelClasses, busy && "pointer-events-none opacity-50")}
      onClick={(event) => {
        // With JavaScript the dialog just closes; the link is for the address bar.
        event.preventDefault();
        if (!busy) onOpenChange(false);
      }}
    >
      {cancelLabel}
    </Link>
  ) : (
    <Button variant="ghost" data-autofocus disabled={busy} onClick={() => onOpenChange(false)}>
      {cancelLabel}
    </Button>
  );

  const confirmContent = (
    <>
      {busy ? <Loader2 aria-hidden className="animate-spin" /> : icon}
      {busy ? pendingLabel : confirmLabel}
    </>
  );

  const buttonRow = "mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end";

  if (!fields) {
    return (
      <div className={buttonRow}>
        {cancel}
        <Button
          variant={confirmVariant}
          onClick={() => {
            onConfirm?.();
            onOpenChange(false);
          }}
        >
          {confirmContent}
        </Button>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert message={failure} className="mt-2" />
      <div className={buttonRow}>
        {cancel}
        <Button type="submit" variant={confirmVariant} disabled={busy}>
          {confirmContent}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export interface ConfirmDeleteButtonProps extends Omit<
  ConfirmDialogProps,
  "open" | "onOpenChange" | "confirmLabel" | "fields"
> {
  /** The row's id, posted as `id`. */
  id: string;
  /** The button's accessible name, e.g. `Delete "Blue in Green"`. */
  label: string;
  /** Posted as `intent`; the table's delete intent ("delete") unless told. */
  intent?: string;
  confirmLabel?: string;
  /** More hidden fields to post beside intent and id. */
  fields?: Record<string, string>;
  disabled?: boolean;
  className?: string;
}

/** A row's delete button with its own confirmation (intent=delete, id). */
export function ConfirmDeleteButton({
  id,
  label,
  intent,
  action,
  confirmLabel = "Delete",
  fields,
  disabled,
  className,
  ...dialog
}: ConfirmDeleteButtonProps) {
  const table = useRowControls();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className={cn("text-destructive hover:bg-destructive/10", className)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        {...dialog}
        open={open}
        onOpenChange={setOpen}
        confirmLabel={confirmLabel}
        action={action ?? table.action}
        fields={{ ...fields, intent: intent ?? table.intents.delete, id }}
      />
    </>
  );
}
