/** Column shapes every room's tables share. */
import { integer, numeric, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const orderIndex = () => integer().notNull().default(0);
/** Money as exact decimals in the database, plain numbers in TypeScript. */
export const money = () => numeric({ precision: 10, scale: 2, mode: "number" });
