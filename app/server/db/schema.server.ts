/**
 * The whole data model, one file per room that owns its tables (`schema/<room>.server.ts`).
 * Column names are snake_case in SQL (drizzle `casing`), camelCase in TypeScript. The
 * spec's ranges live there as CHECK constraints so that no code path, admin screen or
 * script can store an impossible row.
 *
 * Only the database handle and drizzle-kit read this whole list. A module imports the
 * tables of its own room or of a room below it from `schema/<room>.server.ts`, and
 * `npm run lint` (scripts/check-layers.ts) fails on a table read from a room above.
 */
export * from "./schema/content.server";
export * from "./schema/shop.server";
export * from "./schema/audience.server";
export * from "./schema/auth.server";
export * from "./schema/media.server";
export * from "./schema/mail.server";
export * from "./schema/db.server";
export * from "./schema/analytics.server";
