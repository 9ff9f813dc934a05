/**
 * Which addresses a stored file field may hold: a web address (http or https only, so
 * a typo never becomes a javascript: link), a file our upload server stored in public
 * (/uploads/...), or a private file's storage key (sheet music and downloads, kept
 * under the private directory and never served at a public URL). No zod: the upload
 * field in the browser uses these too.
 */

/** The path prefix of every public file the upload server stores. */
export const OWN_UPLOADS_PREFIX = "/uploads/";

// A path segment the upload server can produce: no dot segments, no spaces, no escapes.
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** A public file stored by our upload server: /uploads/<segments>, nothing that climbs out. */
export function isOwnUploadPath(value: string): boolean {
  if (!value.startsWith(OWN_UPLOADS_PREFIX)) return false;
  const segments = value.slice(OWN_UPLOADS_PREFIX.length).split("/");
  return segments.length > 0 && segments.every((s) => SEGMENT.test(s));
}

// First segment is a folder name (lower case, no dot, so "example.com/x.pdf" is not a
// key), then at least one more segment.
const PRIVATE_FOLDER = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A private file's storage key, relative to the private directory, as the upload server
 * and the seed write it: "sheet-music/lead-sheet.pdf".
 */
export function isPrivateFileReference(value: string): boolean {
  const [folder, ...rest] = value.split("/");
  return (
    folder !== undefined &&
    PRIVATE_FOLDER.test(folder) &&
    rest.length > 0 &&
    rest.every((s) => SEGMENT.test(s))
  );
}

export type WebUrlProblem = "invalid" | "protocol";

/** Why `value` is not an http(s) address, or null when it is one. */
export function webUrlProblem(value: string): WebUrlProblem | null {
  if (value === "" || /\s/.test(value)) return "invalid";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "invalid";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "protocol";
  return url.hostname === "" ? "invalid" : null;
}

export function isWebUrl(value: string): boolean {
  return webUrlProblem(value) === null;
}

/** The last segment of a file's address ("/uploads/videos/ab12.mp4?x=1" → "ab12.mp4"). */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const name = path.split("/").filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
