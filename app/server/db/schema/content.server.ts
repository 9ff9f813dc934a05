/** The content room's tables: page texts and their history, the theme, and every public collection (videos, photos, about lists, LOE media, events). */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt, orderIndex } from "./columns.server";

export const pageContent = pgTable("page_content", {
  id: id(),
  pageName: text().notNull().unique(),
  title: text(),
  description: text(),
  paragraphSpacing: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every saved state of a page-content entry, newest last: who saved it and when. A
 * save or a restore adds one; the oldest beyond the last 20 per key are pruned in the
 * same transaction. No foreign key to page_content or users: the history outlives a
 * removed account (the e-mail stays) and is keyed by page_name like the content.
 */
export const pageContentVersions = pgTable(
  "page_content_versions",
  {
    id: id(),
    pageName: text().notNull(),
    title: text(),
    description: text(),
    paragraphSpacing: text(),
    savedByUserId: text(),
    savedByEmail: text(),
    createdAt: createdAt(),
    // Orders versions written in one transaction (now() is the same for all of them).
    seq: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index("page_content_versions_page_created").on(t.pageName, t.createdAt)],
);

export type ThemeColors = Record<string, string>;
export type ThemeValues = Record<string, string>;

export const themeSettings = pgTable(
  "theme_settings",
  {
    id: id(),
    name: text().notNull(),
    colors: jsonb().$type<ThemeColors>().notNull(),
    typography: jsonb().$type<ThemeValues>().notNull().default({}),
    animations: jsonb().$type<ThemeValues>().notNull().default({}),
    isActive: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one active theme, guaranteed by the database.
    uniqueIndex("theme_settings_one_active")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

export const featuredVideos = pgTable(
  "featured_videos",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    embedId: text(),
    videoUrl: text(),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("featured_videos_order_index", sql`${t.orderIndex} >= 0`)],
);

export const photoGallery = pgTable(
  "photo_gallery",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    altText: text().notNull(),
    imageUrl: text().notNull(),
    width: integer(),
    height: integer(),
    visualWeight: integer().notNull().default(3),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("photo_gallery_order_index", sql`${t.orderIndex} >= 0`),
    check("photo_gallery_visual_weight", sql`${t.visualWeight} between 1 and 6`),
  ],
);

export const musicalInfluences = pgTable(
  "musical_influences",
  {
    id: id(),
    name: text().notNull(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
  },
  (t) => [check("musical_influences_order_index", sql`${t.orderIndex} >= 0`)],
);

export const collaborations = pgTable(
  "collaborations",
  {
    id: id(),
    artist: text().notNull(),
    project: text().notNull(),
    year: text().notNull(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
  },
  (t) => [check("collaborations_order_index", sql`${t.orderIndex} >= 0`)],
);

export const stats = pgTable(
  "stats",
  {
    id: id(),
    iconName: text().notNull(),
    numberValue: text().notNull(),
    label: text().notNull(),
    orderIndex: orderIndex(),
    createdAt: createdAt(),
  },
  (t) => [
    check("stats_icon_name", sql`${t.iconName} in ('Music', 'Users', 'MapPin')`),
    check("stats_order_index", sql`${t.orderIndex} >= 0`),
  ],
);

export const mediaItems = pgTable(
  "media_items",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    type: text().notNull().default("photo"),
    url: text().notNull(),
    thumbnailUrl: text(),
    platform: text(),
    width: integer(),
    height: integer(),
    isFeatured: boolean().notNull().default(false),
    isVisible: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("media_items_type", sql`${t.type} in ('photo', 'video', 'social')`),
    index("media_items_visible_created").on(t.isVisible, t.createdAt),
  ],
);

export const loeVideos = pgTable(
  "loe_videos",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    embedId: text(),
    videoUrl: text(),
    thumbnailUrl: text(),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("loe_videos_order_index", sql`${t.orderIndex} >= 0`)],
);

export const loeImages = pgTable(
  "loe_images",
  {
    id: id(),
    title: text().notNull(),
    altText: text().notNull(),
    caption: text(),
    imageUrl: text().notNull(),
    width: integer(),
    height: integer(),
    visualWeight: integer().notNull().default(3),
    orderIndex: orderIndex(),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("loe_images_order_index", sql`${t.orderIndex} >= 0`),
    check("loe_images_visual_weight", sql`${t.visualWeight} between 1 and 6`),
  ],
);

export const loeAudioTracks = pgTable(
  "loe_audio_tracks",
  {
    id: id(),
    title: text().notNull(),
    artist: text(),
    album: text(),
    audioUrl: text(),
    artworkUrl: text(),
    duration: integer(),
    orderIndex: orderIndex(),
    sourceType: text().notNull().default("soundcloud"),
    soundcloudEmbedUrl: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("loe_audio_tracks_source_type", sql`${t.sourceType} in ('soundcloud', 'file', 'url')`),
    check("loe_audio_tracks_order_index", sql`${t.orderIndex} >= 0`),
    check("loe_audio_tracks_duration", sql`${t.duration} is null or ${t.duration} >= 0`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: id(),
    title: text().notNull(),
    description: text(),
    date: date({ mode: "string" }).notNull(),
    time: text(),
    venue: text().notNull(),
    city: text().notNull(),
    /** Set when the city was picked from the offline list; a free-text city has none. */
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    ticketUrl: text(),
    imageUrl: text(),
    videoUrl: text(),
    type: text().notNull().default("live"),
    status: text().notNull().default("upcoming"),
    isFeatured: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("events_status", sql`${t.status} in ('upcoming', 'past', 'cancelled')`),
    check("events_location", sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    index("events_date").on(t.date),
  ],
);
