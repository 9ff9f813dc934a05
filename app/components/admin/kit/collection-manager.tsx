/**
 * A collection managed on the page rather than in a dialog (admin spec §2: featured
 * videos "a table plus an inline form", the photo gallery "a form plus a list"): the
 * screen's declaration (collection-screen.tsx) rendered as its table and one form that
 * adds a row, or edits the row whose Edit button was pressed (use-inline-edit.ts). The
 * home editor renders the same managers and posts to their screens' actions (`action`).
 */
import { useId } from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import {
  collectionRowActions,
  schemaFor,
  type CollectionSchemas,
  type CollectionScreenConfig,
  type LoadedList,
} from "./collection-screen";
import { DataTable } from "./data-table";
import { EntityInlineForm } from "./entity-inline-form";
import { useInlineEdit } from "./use-inline-edit";

export interface CollectionManagerProps<T extends { id: string }> {
  screen: CollectionScreenConfig<T>;
  list: LoadedList<T>;
  schemas: CollectionSchemas<T>;
  /** Where the table and the form post; the current route's action when left out. */
  action?: string;
  /** The form above the table (the photo gallery) rather than below it. */
  formFirst?: boolean;
  className?: string;
}

export function CollectionManager<T extends { id: string }>({
  screen,
  list,
  schemas,
  action,
  formFirst = false,
  className,
}: CollectionManagerProps<T>) {
  const formTitleId = useId();
  const edit = useInlineEdit(list.rows, (row) => row.id);
  const editing = edit.editing;
  const { texts } = screen;
  const form = screen.form!;
  const [addTitle, editTitle] = form.titles ?? [texts.addTitle, texts.editTitle];
  const description =
    typeof form.description === "function" ? form.description(editing) : form.description;

  const table = (
    <DataTable
      caption={screen.list.caption}
      columns={screen.columns}
      rows={list.rows}
      emptyMessage={texts.empty}
      loadFailed={list.loadFailed}
      rowLabel={screen.rowLabel}
      action={action}
      reorder={screen.reorder}
      rowActions={collectionRowActions(screen, edit.startEdit)}
    />
  );

  const formCard = (
    <div ref={edit.formRef} className="scroll-mt-24">
      <Card aria-labelledby={formTitleId} className="p-5 sm:p-6">
        <h3 id={formTitleId} className="text-xl leading-tight">
          {editing ? editTitle : addTitle}
        </h3>
        <p className="mt-1 mb-5 text-sm text-muted-foreground">
          {editing ? (
            <>
              Changing <span className="text-foreground">{screen.rowLabel(editing)}</span>.
            </>
          ) : (
            description
          )}
        </p>
        <EntityInlineForm
          key={editing?.id ?? "new"}
          aria-label={editing ? `Edit "${screen.rowLabel(editing)}"` : form.addFormLabel}
          intent={editing ? "update" : "create"}
          schema={schemaFor(schemas, editing)}
          fields={form.fields}
          defaultValues={
            editing && form.editValues ? form.editValues(editing) : (editing ?? undefined)
          }
          submitLabel={editing ? form.submitLabels[1] : form.submitLabels[0]}
          action={action}
          onCancel={editing ? edit.stopEdit : undefined}
          onSaved={editing ? edit.stopEdit : undefined}
        >
          {form.extra?.(editing)}
        </EntityInlineForm>
      </Card>
    </div>
  );

  return (
    <div className={cn("space-y-8", className)}>
      {formFirst ? formCard : table}
      {formFirst ? table : formCard}
    </div>
  );
}
