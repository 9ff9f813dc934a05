/** The media room's tables: the names files were uploaded as. */
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.server";

/**
 * The name a file had on the artist's computer, kept by the address it was stored
 * under (the server names stored files itself, docs/decisions/013): the screens show
 * "cover-photo.jpg", not the storage name. Written when an upload finishes; a file
 * stored before this table (or put in by hand) has no row and shows its storage name.
 */
export const uploadNames = pgTable("upload_names", {
  url: text().primaryKey(),
  originalName: text().notNull(),
  createdAt: createdAt(),
});
