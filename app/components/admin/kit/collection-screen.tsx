/**
 * A collection screen as one declaration (admin spec §2, the ordered lists of §3): the
 * screen's words, the table's columns, the row actions and the add/edit dialog's fields
 * live in `components/admin/<screen>/`; this renders them on the kit (AdminScreen,
 * AdminSection, DataTable, EntityFormDialog). The route hands over the loaded list and
 * the entity's schemas, which may depend on loader data (an event's "today").
 *
 *   <CollectionScreen screen={EVENTS_SCREEN} list={loaderData} schemas={…} />
 */
import type { z } from "zod";
import type { CollectionTexts, RowIntents } from "~/domain/admin/collection-rows";
import type { FieldErrors } from "~/domain/admin/admin-action";
import type { ToastMessage } from "~/lib/toast";
import { AddButton, AdminScreen, AdminSection } from "./admin-screen";
import { DataTable, type DataTableColumn, type RowActions } from "./data-table";
import type { FieldConfig } from "./entity-form-fields";
import { EntityFormDialog, useEntityDialog } from "./entity-form-dialog";

export interface CollectionScreenConfig<T extends { id: string }> {
  /** The page header, e.g. "Manage Events" (CollectionScreen only). */
  title?: string;
  description?: React.ReactNode;
  /** The Add button, e.g. "Add Event". */
  addLabel: string;
  /** The section around the table. */
  list: { title: string; description?: React.ReactNode; caption: string };
  /** The entity's words: empty state, dialog titles, delete confirmation. */
  texts: CollectionTexts;
  /** The row's name in its controls' labels and the dialog's description. */
  rowLabel: (row: T) => string;
  columns: DataTableColumn<T>[];
  /** Controls before Edit and Delete, and a switch among the actions. */
  rowActions?: Pick<RowActions<T>, "extra" | "flag">;
  /** The delete confirmation's question for a row; the entity's `deleteConfirm` unless told. */
  deleteConfirm?: (row: T) => string;
  /** Up/down buttons, with the column's header ("Order" unless told). */
  reorder?: boolean | { header?: string };
  /** The add/edit dialog; a section may draw its own instead (CollectionSection's `renderDialog`). */
  form?: {
    fields: readonly FieldConfig[];
    /** Other fields while editing (the event dialog's status). */
    editFields?: readonly FieldConfig[];
    /** The submit button: adding, editing. */
    submitLabels: [string, string];
    /** The form's titles, adding and editing; the entity's addTitle and editTitle unless told. */
    titles?: [string, string];
    /** The add form's accessible name on the page (CollectionManager), e.g. "Add a photo". */
    addFormLabel?: string;
    /** Below the dialog's title; a function of the edited row (null when adding). */
    description?: React.ReactNode | ((editing: T | null) => React.ReactNode);
    /** The form's starting values for a row, when they differ from the row. */
    editValues?: (row: T) => object;
    /** Hidden fields or panels inside the form. */
    extra?: (editing: T | null) => React.ReactNode;
    /** After a failed browser check, e.g. the spec's "Validation Error" toast. */
    onInvalid?: (errors: FieldErrors) => void;
    validateOnChangeMs?: number;
  };
}

/** Keeps the declaration's row type (and checks it) where the screen is declared. */
export function defineCollectionScreen<T extends { id: string }>(
  config: CollectionScreenConfig<T>,
): CollectionScreenConfig<T> {
  return config;
}

/** A list as the route's loader hands it over (server/admin/collection-screen.server.ts). */
export interface LoadedList<T> {
  rows: readonly T[];
  loadFailed: string | null;
  toast?: ToastMessage | null;
}

export interface CollectionSchemas<T> {
  create: z.ZodType;
  /** The update schema, or one made from the edited row (rules that depend on it). */
  update: z.ZodType | ((editing: T) => z.ZodType);
}

/** The schema the form checks: the create one, or the update one for the edited row. */
export function schemaFor<T>(schemas: CollectionSchemas<T>, editing: T | null): z.ZodType {
  if (!editing) return schemas.create;
  return typeof schemas.update === "function" ? schemas.update(editing) : schemas.update;
}

interface CollectionSectionProps<T extends { id: string }> {
  screen: CollectionScreenConfig<T>;
  list: LoadedList<T>;
  /** The declared dialog's schemas (none with `renderDialog`). */
  schemas?: CollectionSchemas<T>;
  /** The intents the table and the dialog post (a screen whose action serves tabs). */
  intents?: RowIntents;
  /** Where they post; the current route's action when left out. */
  action?: string;
  /** The dialog's state, when the Add button sits outside the section (the page header). */
  dialog?: EntityDialog<T>;
  /** A dialog of the section's own, for a form whose fields follow its own state. */
  renderDialog?: (dialog: EntityDialog<T>) => React.ReactNode;
}

export type EntityDialog<T extends object> = ReturnType<typeof useEntityDialog<T>>;

/** The row actions every collection has: Edit, and Delete with the entity's confirmation. */
export function collectionRowActions<T extends { id: string }>(
  screen: CollectionScreenConfig<T>,
  edit: (row: T) => void,
): RowActions<T> {
  const { texts } = screen;
  return {
    ...screen.rowActions,
    edit,
    remove: {
      title: texts.deleteTitle ?? "Delete",
      description: screen.deleteConfirm ?? texts.deleteConfirm ?? "",
    },
  };
}

/** The list's section: the table with its row actions, and the add/edit dialog. */
export function CollectionSection<T extends { id: string }>({
  screen,
  list,
  schemas,
  intents,
  action,
  dialog: outerDialog,
  renderDialog,
}: CollectionSectionProps<T>) {
  const ownDialog = useEntityDialog<T>();
  const dialog = outerDialog ?? ownDialog;

  return (
    <AdminSection
      title={screen.list.title}
      description={screen.list.description}
      action={
        outerDialog ? undefined : <AddButton onClick={dialog.openAdd}>{screen.addLabel}</AddButton>
      }
    >
      <DataTable
        caption={screen.list.caption}
        columns={screen.columns}
        rows={list.rows}
        emptyMessage={screen.texts.empty}
        loadFailed={list.loadFailed}
        rowLabel={screen.rowLabel}
        action={action}
        intents={intents}
        reorder={screen.reorder}
        rowActions={collectionRowActions(screen, dialog.openEdit)}
      />
      {renderDialog ? (
        renderDialog(dialog)
      ) : (
        <CollectionDialog
          screen={screen}
          schemas={schemas}
          dialog={dialog}
          intents={intents}
          action={action}
        />
      )}
    </AdminSection>
  );
}

/** The declared add/edit dialog of a collection. */
function CollectionDialog<T extends { id: string }>({
  screen,
  schemas,
  dialog,
  intents,
  action,
}: {
  screen: CollectionScreenConfig<T>;
  schemas?: CollectionSchemas<T>;
  dialog: EntityDialog<T>;
  intents?: RowIntents;
  action?: string;
}) {
  const { form, texts } = screen;
  const editing = dialog.editing;
  if (!form || !schemas) return null;
  const description =
    typeof form.description === "function" ? form.description(editing) : form.description;
  return (
    <EntityFormDialog
      {...dialog.dialogProps}
      defaultValues={editing && form.editValues ? form.editValues(editing) : (editing ?? undefined)}
      intent={editing ? (intents?.update ?? "update") : (intents?.create ?? "create")}
      action={action}
      title={
        (editing ? (form.titles?.[1] ?? texts.editTitle) : (form.titles?.[0] ?? texts.addTitle)) ??
        screen.addLabel
      }
      description={description}
      schema={schemaFor(schemas, editing)}
      fields={editing ? (form.editFields ?? form.fields) : form.fields}
      submitLabel={editing ? form.submitLabels[1] : form.submitLabels[0]}
      validateOnChangeMs={form.validateOnChangeMs}
      onInvalid={form.onInvalid}
    >
      {form.extra?.(editing)}
    </EntityFormDialog>
  );
}

/**
 * A whole collection screen: the page header with its Add button, any sections the
 * screen has before its list (`children`), then the list and its dialog.
 */
export function CollectionScreen<T extends { id: string }>({
  children,
  ...props
}: Omit<CollectionSectionProps<T>, "dialog"> & { children?: React.ReactNode }) {
  const { screen, list } = props;
  const dialog = useEntityDialog<T>();
  return (
    <AdminScreen
      toasts={[list.toast]}
      title={screen.title ?? screen.list.title}
      description={screen.description}
      primaryAction={<AddButton onClick={dialog.openAdd}>{screen.addLabel}</AddButton>}
    >
      {children}
      <CollectionSection {...props} dialog={dialog} />
    </AdminScreen>
  );
}
