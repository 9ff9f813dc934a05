/**
 * What every ordered collection of the back office shares (admin spec §3, §4 "Flags",
 * §4 "Shop reorder"): the row operations' schemas, the intents a collection screen
 * answers, and the words its toasts and dialogs use. An entity's module declares only
 * its own fields and texts. Admin and server only (zod).
 */
import { z } from "../core/zod";
import { entryId, formBoolean, formChoice } from "./form-fields";

/** A row named by its id: delete, and any operation on one stored row. */
export const rowIdSchema = z.object({ id: entryId });

/** A table row's switch (Active, Visible, Featured …): which flag, and its new value. */
export function rowFlagSchema<const F extends readonly [string, ...string[]]>(flags: F) {
  return z.object({
    id: entryId,
    flag: formChoice(flags, "Unknown switch"),
    value: formBoolean(),
  });
}

/** The whole new order from the up/down buttons; one id arrives as text, none as nothing. */
export const rowOrderSchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(entryId)),
});

/** An edit whose rules depend on the stored row: its full check runs once the row is read. */
export const rowEditSchema = z.looseObject({ id: entryId });

/** The intents of a collection's row operations. */
export interface RowIntents {
  create: string;
  update: string;
  delete: string;
  setFlag: string;
  reorder: string;
}

/** The plain names, for a screen whose action serves one collection. */
export const ROW_INTENTS = {
  create: "create",
  update: "update",
  delete: "delete",
  setFlag: "set-flag",
  reorder: "reorder",
} as const satisfies RowIntents;

/** "video:create" …, for a screen whose one action serves several collections (tabs). */
export function namespacedRowIntents<const N extends string>(namespace: N) {
  return {
    create: `${namespace}:create`,
    update: `${namespace}:update`,
    delete: `${namespace}:delete`,
    setFlag: `${namespace}:set-flag`,
    reorder: `${namespace}:reorder`,
  } as const satisfies RowIntents;
}

/**
 * The words of a collection's toasts (admin spec §8), in one shape for every entity, so
 * the shared intents and the kit read them without a mapping per screen.
 */
export interface CollectionTexts {
  created?: string;
  updated?: string;
  deleted?: string;
  /** Create (and update, unless `updateFailed` says otherwise). */
  saveFailed?: string;
  updateFailed?: string;
  deleteFailed?: string;
  reordered?: string;
  reorderFailed?: string;
  /** A switch turned on / off, when the spec words them apart (LOE "shown" / "hidden"). */
  shown?: string;
  hidden?: string;
  /** The list could not be read. */
  fetchFailed: string;
  /** The table's empty state. */
  empty?: string;
  /** The dialog's titles, e.g. "Add New Event" / "Edit Event". */
  addTitle?: string;
  editTitle?: string;
  /** The delete confirmation's title and question, e.g. "Delete Photo". */
  deleteTitle?: string;
  deleteConfirm?: string;
}
