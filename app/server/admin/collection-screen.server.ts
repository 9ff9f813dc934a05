/**
 * A collection screen's server half as one declaration: `collectionIntents` turns a
 * collection service (defineCollection) and its create/update schemas into the intent
 * table `handleAdminAction` runs (create, update, delete, set flag, reorder, each with
 * the entity's toast words), and `loadCollectionRows` reads the admin's list with the
 * load-failed state and toast every screen shows.
 *
 *   export const action = ({ request }) =>
 *     handleAdminAction(request, collectionIntents(eventService, {
 *       texts: EVENT_TEXT, name: (row) => row.title,
 *       create: eventSchema({ mode: "create", today }), update: eventSchema({ … }),
 *     }));
 */
import type { z } from "zod";
import {
  ROW_INTENTS,
  rowEditSchema,
  rowIdSchema,
  rowOrderSchema,
  type CollectionTexts,
  type RowIntents,
} from "~/domain/admin/collection-rows";
import type { ToastMessage } from "~/domain/core/toast";
import type { Actor } from "../db/audit.server";
import { intent, type IntentContext, type IntentTable } from "./admin-action.server";
import { AppError, NotFound } from "../core/errors.server";
import { orNull } from "../core/settle.server";
import { requireAdmin } from "../auth/access.server";
import { getDb, type Database, type Executor } from "../db/database.server";
import { newToast } from "../http/flash.server";

/** The writes of a collection service, as the intents call them. */
export interface CollectionWrites<Row, Insert, Flag extends string> {
  get(db: Executor, id: string): Promise<Row | null>;
  create(db: Database, actor: Actor, values: Insert): Promise<Row>;
  update(db: Database, actor: Actor, id: string, values: Partial<Insert>): Promise<Row>;
  remove(db: Database, actor: Actor, id: string): Promise<Row>;
  setFlag(db: Database, actor: Actor, id: string, flag: Flag, value: boolean): Promise<Row>;
  reorder(db: Database, actor: Actor, ids: readonly string[]): Promise<void>;
}

type Context = IntentContext<unknown>;

export interface CollectionIntentOptions<
  Row,
  Insert,
  Flag extends string,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  texts: CollectionTexts;
  /** The row's name in the success toast's description (its title, "artist, project" …). */
  name?: (row: Row) => string;
  /** The intents' names; the plain ones unless the screen's action serves several lists. */
  intents?: RowIntents;
  /** The create schema, and how its output becomes the stored values (as is, unless told). */
  create?: C | { schema: C; values: (input: z.output<C>, context: Context) => Insert };
  /**
   * The update schema (with `id`), or a function of the stored row when the rules depend
   * on it (e.g. "a file unless editing one that has a URL"), and how its output becomes
   * the stored values; `stored` is read only when `values` or the schema needs it.
   */
  update?:
    | U
    | {
        schema: U | ((stored: Row) => U);
        values?: (input: Omit<z.output<U>, "id">, stored: Row, context: Context) => Partial<Insert>;
      };
  /** The flags' schema (rowFlagSchema); no set-flag intent without it. */
  flags?: z.ZodType<{ id: string; flag: Flag; value: boolean }>;
  /** Answer the up/down buttons' reorder. */
  reorder?: boolean;
  /** Answer delete (true unless told). */
  remove?: boolean;
  /** Runs around every create and update, e.g. to word a failure the entity's way. */
  aroundSave?: <R>(mode: "create" | "update", save: () => Promise<R>) => Promise<R>;
  /** How an unexpected failure reads after "{failure}: " (spec §8 "… or Unknown error"). */
  unexpected?: string;
}

/** Runs a schema that needs the stored row; its first complaint goes beside its field. */
function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  throw new AppError(issue?.message ?? "Invalid data", 400, "Error", field);
}

async function storedRow<Row>(
  service: { get(db: Executor, id: string): Promise<Row | null> },
  db: Database,
  id: string,
): Promise<Row> {
  const stored = await service.get(db, id);
  if (!stored) throw new NotFound();
  return stored;
}

export function collectionIntents<
  Row,
  Insert,
  Flag extends string,
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
>(
  service: CollectionWrites<Row, Insert, Flag>,
  options: CollectionIntentOptions<Row, Insert, Flag, C, U>,
): IntentTable {
  const { texts, intents: names = ROW_INTENTS, unexpected } = options;
  const saved = (title: string | undefined) => (row: Row) => ({
    title: title ?? "Saved",
    description: options.name?.(row),
  });
  const aroundSave =
    options.aroundSave ?? (<R>(_mode: "create" | "update", save: () => Promise<R>) => save());
  const saveFailed = texts.saveFailed ?? "Failed to save";
  const table: IntentTable = {};

  if (options.create) {
    const create =
      "safeParse" in options.create
        ? { schema: options.create, values: undefined }
        : options.create;
    table[names.create] = intent({
      schema: create.schema as z.ZodType,
      run: (context) =>
        aroundSave("create", () =>
          service.create(
            context.db,
            context.actor,
            create.values
              ? create.values(context.input as z.output<C>, context)
              : (context.input as Insert),
          ),
        ),
      success: saved(texts.created),
      failure: saveFailed,
      unexpected,
    });
  }

  if (options.update) {
    const update =
      "safeParse" in options.update
        ? { schema: options.update, values: undefined }
        : options.update;
    const needsStored = typeof update.schema === "function" || update.values !== undefined;
    table[names.update] = intent({
      schema: typeof update.schema === "function" ? rowEditSchema : (update.schema as z.ZodType),
      run: (context) =>
        aroundSave("update", async () => {
          const { db, actor } = context;
          const id = (context.input as { id: string }).id;
          const stored = needsStored ? await storedRow(service, db, id) : undefined;
          const input =
            typeof update.schema === "function"
              ? parseOrRefuse(update.schema(stored as Row), context.input)
              : context.input;
          const { id: _id, ...values } = input as { id: string } & Record<string, unknown>;
          return service.update(
            db,
            actor,
            id,
            update.values
              ? update.values(values as Omit<z.output<U>, "id">, stored as Row, context)
              : (values as Partial<Insert>),
          );
        }),
      success: saved(texts.updated),
      failure: texts.updateFailed ?? saveFailed,
      unexpected,
    });
  }

  if (options.remove ?? true) {
    table[names.delete] = intent({
      schema: rowIdSchema,
      run: ({ db, actor, input }) => service.remove(db, actor, input.id),
      success: saved(texts.deleted),
      failure: texts.deleteFailed ?? "Failed to delete",
    });
  }

  if (options.flags) {
    table[names.setFlag] = intent({
      schema: options.flags,
      run: ({ db, actor, input }) => service.setFlag(db, actor, input.id, input.flag, input.value),
      success: (row, input) =>
        texts.shown && texts.hidden
          ? { title: input.value ? texts.shown : texts.hidden }
          : saved(texts.updated)(row),
      failure: texts.updateFailed ?? saveFailed,
    });
  }

  if (options.reorder) {
    table[names.reorder] = intent({
      schema: rowOrderSchema,
      run: ({ db, actor, input }) => service.reorder(db, actor, input.ids),
      success: texts.reordered ?? "Items reordered successfully",
      failure: texts.reorderFailed ?? "Failed to reorder items",
    });
  }
  return table;
}

/** A part of an admin screen: its data, or the message that stands in for it. */
export type LoadedPart<T> = { data: T; loadFailed: null } | { data: null; loadFailed: string };

/** Reads a part of an admin screen; a failure is logged and becomes `fetchFailed`. */
export async function loadScreenPart<T>(
  read: Promise<T>,
  fetchFailed: string,
): Promise<LoadedPart<T>> {
  const data = await orNull(read, fetchFailed);
  return data === null ? { data: null, loadFailed: fetchFailed } : { data, loadFailed: null };
}

/** A list as an admin screen shows it: the rows, or the message that stands in for them. */
export interface LoadedRows<T> {
  rows: T[];
  loadFailed: string | null;
}

/**
 * Reads a list for an admin screen. A failure is logged and becomes the entity's
 * "Failed to fetch …" in place of the rows, so the rest of the screen still works.
 */
export async function loadCollectionRows<Row, T>(
  read: Promise<Row[]>,
  toRow: (row: Row) => T,
  texts: Pick<CollectionTexts, "fetchFailed">,
): Promise<LoadedRows<T>> {
  const rows = await orNull(read, texts.fetchFailed);
  return { rows: (rows ?? []).map(toRow), loadFailed: rows ? null : texts.fetchFailed };
}

/** The admin's list of one collection, for a screen that shows only that list. */
export async function loadCollectionScreen<Row, T>(
  request: Request,
  service: { listAll(db: Executor): Promise<Row[]> },
  toRow: (row: Row) => T,
  texts: Pick<CollectionTexts, "fetchFailed">,
): Promise<LoadedRows<T> & { toast: ToastMessage | null }> {
  await requireAdmin(request);
  const list = await loadCollectionRows(service.listAll(getDb()), toRow, texts);
  return { ...list, toast: loadFailedToast(list) };
}

/** The toast of the first part of a screen that could not be loaded, if any. */
export function loadFailedToast(
  ...parts: readonly { loadFailed: string | null }[]
): ToastMessage | null {
  const failed = parts.find((part) => part.loadFailed !== null)?.loadFailed;
  return failed ? newToast("error", "Error", failed) : null;
}
