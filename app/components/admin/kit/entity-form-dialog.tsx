/**
 * The add/edit dialog of a collection screen, bound to the entity's zod schema and a
 * list of fields (the form's state and checks: use-entity-form.tsx). An ok answer
 * closes the dialog. The form lives only while the dialog is open, so closing always
 * resets it.
 */
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { AdminActionResult, FieldErrors } from "~/domain/admin/admin-action";
import { cn } from "~/lib/cn";
import type { FieldConfig, FormSnapshot } from "./entity-form-fields";
import { ConfirmDialog } from "./confirm-dialog";
import { SubmitButton } from "./submit-button";
import { useEntityForm } from "./use-entity-form";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** Asked when a dialog with unsaved input is closed (Escape, Close, Cancel, the backdrop). */
export const DISCARD_CHANGES_TEXT = {
  title: "Discard changes?",
  description: (dialog: string) => `What you entered in "${dialog}" has not been saved.`,
  discard: "Discard",
  keep: "Keep editing",
} as const;

export type { FieldConfig } from "./entity-form-fields";

export interface EntityFormDialogProps<S extends z.ZodType> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "Add New Media Item" / "Edit Media Item". */
  title: string;
  description?: React.ReactNode;
  /** Posted as the hidden `intent` field. */
  intent: "create" | "update" | (string & {});
  fields: readonly FieldConfig[];
  /** The edited row (its `id` is posted as a hidden field); leave out for "add". */
  defaultValues?: object;
  /** The entity's schema from app/domain, run over the form before posting. */
  schema: S;
  /** "Save" unless told; the button reads "Saving..." while the post runs. */
  submitLabel?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** After a failed browser check, e.g. to toast the spec's "Validation Error". */
  onInvalid?: (errors: FieldErrors) => void;
  /** After the action answered ok (the dialog is closing). */
  onSaved?: (data: AdminActionResult | undefined) => void;
  /** More content below the fields (hidden inputs, a settings panel). */
  children?: React.ReactNode;
  /** A live preview of the unsaved values, beside the fields (the theme's). */
  preview?: (values: FormSnapshot) => React.ReactNode;
  /** "wide" for a form with a preview beside its fields. */
  size?: "default" | "wide";
  /**
   * Also check the form this long after the last change (admin spec §5 "Event": 300 ms),
   * showing what the change got wrong; without it the check runs on Save only.
   */
  validateOnChangeMs?: number;
}

export function EntityFormDialog<S extends z.ZodType>(props: EntityFormDialogProps<S>) {
  const { open, onOpenChange, title, description, size = "default" } = props;
  const [busy, setBusy] = useState(false);
  // Whether the form holds input that closing would throw away, and the question about it.
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (!dirty.current) return true;
    setAsking(true);
    return false;
  };
  const close = () => {
    dirty.current = false;
    setBusy(false);
    onOpenChange(false);
  };
  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        onRequestClose={requestClose}
        title={title}
        description={description}
        dismissible={!busy}
        // Long forms scroll inside the dialog, so a phone reaches the buttons.
        className={cn(
          "max-h-[calc(100dvh-2rem)] overflow-auto",
          size === "wide" ? "w-[min(100vw-2rem,56rem)]" : "w-[min(100vw-2rem,42rem)]",
        )}
      >
        <EntityForm
          {...props}
          onBusyChange={setBusy}
          onDirtyChange={(isDirty) => {
            dirty.current = isDirty;
          }}
          onCancel={() => {
            if (requestClose()) close();
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={DISCARD_CHANGES_TEXT.title}
        description={DISCARD_CHANGES_TEXT.description(title)}
        confirmLabel={DISCARD_CHANGES_TEXT.discard}
        cancelLabel={DISCARD_CHANGES_TEXT.keep}
        icon={null}
        onConfirm={close}
      />
    </>
  );
}

function EntityForm<S extends z.ZodType>({
  onOpenChange,
  submitLabel = "Save",
  onSaved,
  children,
  preview,
  onBusyChange,
  onDirtyChange,
  onCancel,
  ...options
}: EntityFormDialogProps<S> & {
  onBusyChange: (busy: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
}) {
  const form = useEntityForm({
    ...options,
    onSuccess: (data) => {
      onSaved?.(data);
      onOpenChange(false);
    },
  });
  const { busy, dirty } = form;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  // Links and the browser's Back ask too, and a reload warns.
  const prompt = useUnsavedChanges(dirty ? [options.title] : []);

  return (
    <form {...form.formProps}>
      {prompt}
      {form.hiddenFields}
      {/* A disabled fieldset disables every control and button inside while saving. */}
      <fieldset disabled={busy} className="min-w-0 space-y-6">
        {form.renderFields({ autoFocusFirst: true, children, preview })}
        <div className="flex flex-col-reverse gap-3 border-t border-border/60 pt-5 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton ref={form.submitRef} pending={busy} disabled={form.uploading}>
            {submitLabel}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * The state a collection screen keeps for its dialog: closed, adding, or editing a row.
 * `openAdd` and `openEdit(row)` for the buttons; spread `dialogProps` on the dialog.
 */
export function useEntityDialog<T extends object>() {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({
    open: false,
    row: null,
  });
  return {
    open: state.open,
    /** The row being edited, or null when adding. */
    editing: state.row,
    openAdd: () => setState({ open: true, row: null }),
    openEdit: (row: T) => setState({ open: true, row }),
    dialogProps: {
      open: state.open,
      onOpenChange: (open: boolean) =>
        setState((s) => (open ? { ...s, open } : { open, row: null })),
      intent: state.row ? ("update" as const) : ("create" as const),
      defaultValues: state.row ?? undefined,
    },
  };
}
