/**
 * The URL scheme of responsive image variants. Pure, so a component can build a
 * srcset without asking the server what exists; the server (images.server.ts) makes
 * each variant with sharp on its first request and keeps it on disk.
 *
 *   /uploads/images/photos/bell-light.jpg
 *     → /img/768/uploads/images/photos/bell-light.jpg.avif
 *
 * The source path stays whole (extension included) so the server finds the file
 * without guessing, and the variant's own extension names its format.
 */

/** Widths we make. A variant is never wider than its source: the server caps it. */
export const VARIANT_WIDTHS = [480, 768, 1200, 1920] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Best first: a browser takes the first <source> type it supports. */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

export const VARIANT_URL_PREFIX = "/img";

/** Where variant sources may live: uploads (DATA_DIR/uploads) and the shipped /images. */
export const VARIANT_SOURCE_ROOTS = ["uploads", "images"] as const;
export type VariantSourceRoot = (typeof VARIANT_SOURCE_ROOTS)[number];

const SOURCE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"] as const;

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** A safe relative path: no empty, dot or dot-dot segments and no backslashes. */
function isSafeRelativePath(path: string): boolean {
  if (path.includes("\\") || path.includes("\0")) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

/**
 * The local source path ("uploads/images/x.jpg") of an image URL that can have
 * variants, or null: external URLs, SVGs, GIFs and odd paths are served as they are.
 */
export function variantSourcePath(src: string): string | null {
  if (!src.startsWith("/") || src.startsWith("//")) return null;
  const path = src.split(/[?#]/, 1)[0]!.slice(1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const root = decoded.slice(0, decoded.indexOf("/"));
  if (!(VARIANT_SOURCE_ROOTS as readonly string[]).includes(root)) return null;
  if (!isSafeRelativePath(decoded)) return null;
  if (!(SOURCE_EXTENSIONS as readonly string[]).includes(extensionOf(decoded))) return null;
  return decoded;
}

export function hasVariants(src: string): boolean {
  return variantSourcePath(src) !== null;
}

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

export function variantUrl(src: string, width: VariantWidth, format: VariantFormat): string | null {
  const source = variantSourcePath(src);
  if (!source) return null;
  return `${VARIANT_URL_PREFIX}/${width}/${encodePath(source)}.${format}`;
}

/**
 * The widths worth listing for a source of the given intrinsic width: every width
 * below it, then the first one at or above it (served at the source's own width).
 * Each comes with the width the browser will really get, for the srcset descriptor.
 */
export function variantWidthsFor(
  intrinsicWidth?: number | null,
): { width: VariantWidth; actual: number }[] {
  if (!intrinsicWidth || intrinsicWidth <= 0) {
    return VARIANT_WIDTHS.map((width) => ({ width, actual: width }));
  }
  const out: { width: VariantWidth; actual: number }[] = [];
  for (const width of VARIANT_WIDTHS) {
    if (width < intrinsicWidth) {
      out.push({ width, actual: width });
    } else {
      out.push({ width, actual: Math.round(intrinsicWidth) });
      break;
    }
  }
  return out;
}

/** A srcset of one format ("… 480w, … 768w"), or null when the image has no variants. */
export function variantSrcSet(
  src: string,
  format: VariantFormat,
  intrinsicWidth?: number | null,
  retryAttempt = 0,
): string | null {
  // The source is checked and encoded once for all widths (every image, every render).
  const source = variantSourcePath(src);
  if (!source) return null;
  const encoded = encodePath(source);
  return variantWidthsFor(intrinsicWidth)
    .map(
      ({ width, actual }) =>
        `${withRetryMarker(`${VARIANT_URL_PREFIX}/${width}/${encoded}.${format}`, retryAttempt)} ${actual}w`,
    )
    .join(", ");
}

export interface ParsedVariantRequest {
  width: VariantWidth;
  format: VariantFormat;
  /** e.g. "uploads/images/x.jpg" */
  sourcePath: string;
  root: VariantSourceRoot;
  /** The path inside the root, e.g. "images/x.jpg". */
  pathInRoot: string;
}

/**
 * Reads a variant URL path ("/img/768/uploads/images/x.jpg.avif") back into its parts.
 * Anything outside the scheme (unknown width or format, unsafe path) gives null.
 */
export function parseVariantPath(urlPath: string): ParsedVariantRequest | null {
  const prefix = `${VARIANT_URL_PREFIX}/`;
  if (!urlPath.startsWith(prefix)) return null;
  const rest = urlPath.slice(prefix.length);
  const slash = rest.indexOf("/");
  if (slash < 0) return null;
  const width = Number(rest.slice(0, slash));
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  const tail = rest.slice(slash + 1);
  const dot = tail.lastIndexOf(".");
  if (dot < 0) return null;
  const format = tail.slice(dot + 1);
  if (!(VARIANT_FORMATS as readonly string[]).includes(format)) return null;
  const sourcePath = variantSourcePath(`/${tail.slice(0, dot)}`);
  if (!sourcePath) return null;
  const root = sourcePath.slice(0, sourcePath.indexOf("/")) as VariantSourceRoot;
  return {
    width: width as VariantWidth,
    format: format as VariantFormat,
    sourcePath,
    root,
    pathInRoot: sourcePath.slice(root.length + 1),
  };
}

/** Adds a cache-busting retry marker to a same-origin URL (external URLs may be signed). */
export function withRetryMarker(url: string, attempt: number): string {
  if (attempt <= 0 || !url.startsWith("/") || url.startsWith("//")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}retry=${attempt}`;
}
