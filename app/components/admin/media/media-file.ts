/**
 * What the media form learns from a picked file (admin spec §4 "Upload mode"): a video
 * file makes the item a video, anything else a photo; an empty title is filled from
 * the file's name.
 */
import type { MediaType } from "~/domain/content/media-page/media-item";

/** "video" for a video file (by its type, as the browser or the server reads it), else "photo". */
export function mediaTypeOfFile(contentType: string): Extract<MediaType, "photo" | "video"> {
  return contentType.toLowerCase().startsWith("video/") ? "video" : "photo";
}

/** "night_walk-2024.final.jpg" → "night walk 2024.final": a readable title from a file name. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const withoutExtension = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base;
  return withoutExtension.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
}
