/**
 * The collection service: one implementation of list, get, create, update, delete,
 * flags and reorder for every ordered table of admin spec §3 (featured videos,
 * gallery photos, influences, collaborations, stats, media items, LOE videos, images
 * and audio, events, shop items). An entity's service file only describes its table
 * (shape after Payload's collection config): which rows the public sees, the admin
 * order, its flags.
 *
 * Every write runs in one transaction with its audit row, and drops the cached public
 * reads once it has committed, so the next page load shows the change. A write that
 * fails changes nothing, audit row included.
 */
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, TableConfig } from "drizzle-orm/pg-core";
import { rowName } from "~/domain/pages/audit-sentence";
import { recordAudit, type Actor } from "../db/audit.server";
import { invalidateSiteCache } from "../core/cache.server";
import { AppError, NotFound } from "../core/errors.server";
import type { Database, Executor } from "../db/database.server";

/** The columns every collection table has. */
type CollectionColumns = {
  id: PgColumn;
  orderIndex?: PgColumn;
  createdAt?: PgColumn;
  updatedAt?: PgColumn;
};

type CollectionTable = PgTable<TableConfig> & CollectionColumns;

export interface CollectionConfig<T extends CollectionTable, Flag extends string> {
  /** The table's name as the audit log records it, e.g. "featured_videos". */
  entity: string;
  table: T;
  /** What visitors may see (spec §4 "Flags"), e.g. is_active = true. */
  publicWhere?: SQL;
  /** Admin and public order; by default order_index, then oldest first. */
  orderBy?: SQL[];
  /** Boolean columns the admin may switch from a table row. */
  flags?: readonly Flag[];
  /**
   * New rows without an order_index go last (current maximum plus 1, spec §7 for
   * influences, collaborations and stats); without this they get the column default.
   */
  appendToEnd?: boolean;
  /**
   * The order_index `reorder` gives the first row (0 unless told). The gallery reads
   * 0 as "unprioritised, after the numbered photos" (public-site spec §4), so its
   * reorder numbers from 1 and the order the artist set is the order visitors see.
   */
  firstOrderIndex?: number;
}

/** The list changed between the screen's load and its reorder. */
export class StaleOrder extends AppError {
  constructor() {
    super("The list has changed since it was loaded. Please reload and try again.", 409);
  }
}

export type CollectionService<T extends CollectionTable, Flag extends string> = ReturnType<
  typeof defineCollection<T, Flag>
>;

export function defineCollection<T extends CollectionTable, Flag extends string = never>(
  config: CollectionConfig<T, Flag>,
) {
  type Row = T["$inferSelect"];
  type Insert = T["$inferInsert"];
  const { table, entity } = config;
  const order =
    config.orderBy ??
    [
      table.orderIndex ? asc(table.orderIndex) : undefined,
      table.createdAt ? asc(table.createdAt) : undefined,
    ].filter((s): s is SQL => s !== undefined);
  // Drizzle's generic builders do not narrow over a table type parameter; the public
  // API above stays typed by the table, the casts stay in here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const t = table as any;
  const byId = (id: string) => eq(table.id, id);
  const touched = (values: Record<string, unknown>) =>
    table.updatedAt ? { ...values, updatedAt: new Date() } : values;

  async function write<R>(db: Database, run: (tx: Executor) => Promise<R>): Promise<R> {
    const result = await db.transaction(run);
    invalidateSiteCache();
    return result;
  }

  async function getOrThrow(tx: Executor, id: string): Promise<Row> {
    const [row] = await tx.select().from(t).where(byId(id)).limit(1);
    if (!row) throw new NotFound();
    return row as Row;
  }

  return {
    entity,
    table,
    /** Who may see a row (spec §4 "Flags"): every public read of the table filters by it. */
    publicWhere: config.publicWhere,

    /** What visitors see, in display order. */
    listPublic(db: Executor): Promise<Row[]> {
      const query = db.select().from(t);
      const filtered = config.publicWhere ? query.where(config.publicWhere) : query;
      return filtered.orderBy(...order) as Promise<Row[]>;
    },

    /** Everything, hidden rows too, in display order: the admin's table. */
    listAll(db: Executor): Promise<Row[]> {
      return db
        .select()
        .from(t)
        .orderBy(...order) as Promise<Row[]>;
    },

    async get(db: Executor, id: string): Promise<Row | null> {
      const [row] = await db.select().from(t).where(byId(id)).limit(1);
      return (row as Row | undefined) ?? null;
    },

    /** `after` runs in the same transaction with the new row (e.g. a shop item's variants). */
    create(
      db: Database,
      actor: Actor,
      values: Insert,
      after?: (tx: Executor, row: Row) => Promise<void>,
    ): Promise<Row> {
      return write(db, async (tx) => {
        let insert = values as Record<string, unknown>;
        if (config.appendToEnd && table.orderIndex && insert.orderIndex === undefined) {
          const [{ next }] = (await tx
            .select({ next: sql<number>`coalesce(max(${table.orderIndex}) + 1, 0)::int` })
            .from(t)) as [{ next: number }];
          insert = { ...insert, orderIndex: next };
        }
        const [row] = (await tx.insert(t).values(insert).returning()) as Row[];
        if (after) await after(tx, row!);
        await recordAudit(tx, {
          actor,
          action: `${entity}.create`,
          entity,
          entityId: (row as { id: string }).id,
          details: { after: row },
        });
        return row!;
      });
    },

    /** `then` runs in the same transaction with the updated row. */
    update(
      db: Database,
      actor: Actor,
      id: string,
      values: Partial<Insert>,
      then?: (tx: Executor, row: Row) => Promise<void>,
    ): Promise<Row> {
      return write(db, async (tx) => {
        const before = await getOrThrow(tx, id);
        const [after] = (await tx
          .update(t)
          .set(touched(values as Record<string, unknown>))
          .where(byId(id))
          .returning()) as Row[];
        if (then) await then(tx, after!);
        await recordAudit(tx, {
          actor,
          action: `${entity}.update`,
          entity,
          entityId: id,
          details: { before, after },
        });
        return after!;
      });
    },

    remove(db: Database, actor: Actor, id: string): Promise<Row> {
      return write(db, async (tx) => {
        const before = await getOrThrow(tx, id);
        await tx.delete(t).where(byId(id));
        await recordAudit(tx, {
          actor,
          action: `${entity}.delete`,
          entity,
          entityId: id,
          details: { before },
        });
        return before;
      });
    },

    /** Switches one of the configured boolean columns (active, visible, featured …). */
    setFlag(db: Database, actor: Actor, id: string, flag: Flag, value: boolean): Promise<Row> {
      if (!config.flags?.includes(flag)) throw new AppError(`Unknown flag: ${flag}`, 400);
      return write(db, async (tx) => {
        const before = (await getOrThrow(tx, id)) as Record<string, unknown>;
        const [after] = (await tx
          .update(t)
          .set(touched({ [flag]: value }))
          .where(byId(id))
          .returning()) as Row[];
        await recordAudit(tx, {
          actor,
          action: `${entity}.set_flag`,
          entity,
          entityId: id,
          details: { flag, from: before[flag], to: value, name: rowName(before) },
        });
        return after!;
      });
    },

    /**
     * Writes order_index as 0..n-1 in the given order (spec §4 "Shop reorder"; from
     * `firstOrderIndex` when the table says so), in one
     * statement inside one transaction. `ids` must name every row exactly once: a list
     * that changed since the screen loaded is refused rather than half applied.
     */
    reorder(db: Database, actor: Actor, ids: readonly string[]): Promise<void> {
      if (!table.orderIndex) throw new AppError(`${entity} has no order`, 400);
      const orderColumn = table.orderIndex;
      return write(db, async (tx) => {
        const existing = (await tx.select({ id: table.id }).from(t)) as { id: string }[];
        const known = new Set(existing.map((r) => r.id));
        if (
          new Set(ids).size !== ids.length ||
          ids.length !== known.size ||
          !ids.every((id) => known.has(id))
        ) {
          throw new StaleOrder();
        }
        if (ids.length === 0) return;
        const position = sql.join(
          ids.map(
            (id, index) =>
              sql`when ${table.id} = ${id} then ${index + (config.firstOrderIndex ?? 0)}::int`,
          ),
          sql` `,
        );
        await tx
          .update(t)
          .set(touched({ [orderColumnKey(table, orderColumn)]: sql`(case ${position} end)` }))
          .where(inArray(table.id, [...ids]));
        await recordAudit(tx, {
          actor,
          action: `${entity}.reorder`,
          entity,
          details: { ids },
        });
      });
    },
  };
}

/** The property name of a column in its table (orderIndex, not order_index). */
function orderColumnKey(table: CollectionTable, column: PgColumn): string {
  for (const [key, value] of Object.entries(table)) if (value === column) return key;
  return "orderIndex";
}
