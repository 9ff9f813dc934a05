/**
 * An add form that sits on the page rather than in a dialog (the about page's
 * collaborations and statistics, a featured-video form beside its table): the same
 * field configuration, zod schema and form state (use-entity-form.tsx) as
 * EntityFormDialog; an ok answer empties the form for the next entry.
 *
 * Given `defaultValues` (a row), the same form edits that row: its fields start from
 * the row's values and its `id` is posted (key the form by the row, so another row
 * starts afresh); `onCancel` offers a Cancel button beside the submit button.
 */
import { useEffect, useState } from "react";
import { Plus, Save } from "lucide-react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "~/domain/admin/admin-action";
import { cn } from "~/lib/cn";
import type { FieldConfig } from "./entity-form-fields";
import { SubmitButton } from "./submit-button";
import { useEntityForm } from "./use-entity-form";
import { useUnsavedChanges } from "./use-unsaved-changes";

export interface EntityInlineFormProps<S extends z.ZodType> {
  /** Posted as the hidden `intent` field, e.g. "collaboration:create". */
  intent: string;
  fields: readonly FieldConfig[];
  /** The entity's schema from app/domain, run over the form before posting. */
  schema: S;
  /** "Add" unless told; the button reads "Saving..." while the post runs. */
  submitLabel?: string;
  /** Where to post; the current route's action when left out. */
  action?: string;
  /** Names the form for screen readers, e.g. "Add a collaboration". */
  "aria-label"?: string;
  /** Classes of the fields' grid (one column, two from sm, unless told). */
  gridClassName?: string;
  className?: string;
  /** After the action answered ok (the form has been emptied). */
  onSaved?: (data: AdminActionResult | undefined) => void;
  /** The row being edited: the fields start from it and its `id` is posted. */
  defaultValues?: object;
  /** Shows a Cancel button (e.g. to leave editing a row). */
  onCancel?: () => void;
  /** More content inside the form, after the fields (e.g. hidden inputs set on upload). */
  children?: React.ReactNode;
}

export function EntityInlineForm<S extends z.ZodType>(props: EntityInlineFormProps<S>) {
  // A new key after each save: the uncontrolled fields start again from their defaults.
  const [round, setRound] = useState(0);
  return (
    <InlineForm
      key={round}
      {...props}
      // After a save the emptied form takes the focus, ready for the next entry.
      focusOnMount={round > 0}
      onReset={() => setRound((r) => r + 1)}
    />
  );
}

function InlineForm<S extends z.ZodType>({
  submitLabel = "Add",
  "aria-label": ariaLabel,
  gridClassName,
  className,
  onSaved,
  onCancel,
  children,
  focusOnMount,
  onReset,
  ...options
}: EntityInlineFormProps<S> & { focusOnMount: boolean; onReset: () => void }) {
  const form = useEntityForm({
    ...options,
    onSuccess: (data) => {
      onSaved?.(data);
      onReset();
    },
  });
  const { formRef } = form;
  // Leaving the screen with something typed here asks first (links, Back, a reload).
  const prompt = useUnsavedChanges(form.dirty ? [ariaLabel ?? submitLabel] : []);

  useEffect(() => {
    if (!focusOnMount) return;
    formRef.current
      ?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")
      ?.focus();
    // Only when this form appears, after a save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form {...form.formProps} aria-label={ariaLabel} className={className}>
      {prompt}
      {form.hiddenFields}
      <fieldset disabled={form.busy} className="min-w-0 space-y-4">
        {form.renderFields({ gridClassName: cn("items-start gap-4", gridClassName), children })}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            ref={form.submitRef}
            pending={form.busy}
            disabled={form.uploading}
            icon={form.isEdit ? <Save aria-hidden /> : <Plus aria-hidden />}
          >
            {submitLabel}
          </SubmitButton>
          {onCancel && (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
