/**
 * Which addresses a stored file field may hold: a web address (http or https only, so
 * a typo never becomes a javascript: link), a file our upload server stored in public
 * (/uploads/...), or a private file's storage key (sheet music and downloads, kept
 * under the private directory and never served at a public URL). No zod: the upload
 * field in the browser uses these too.
 */
import { isPrivateHost } from "./network-address";

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

/**
 * Said when a file address (an image, a video file, artwork) points into a private
 * network: visitors' browsers load these by themselves, so the address would send every
 * visitor's browser into their own network, and show them nothing.
 */
export const PRIVATE_FILE_ADDRESS_MESSAGE =
  "This address points into a private network (such as localhost, 10.x, 192.168.x, 169.254.x or a local name), which visitors' browsers must not be sent to. Please use a public web address or upload the file.";

/** True for an http(s) address whose host only means something inside a private network. */
export function isPrivateWebAddress(value: string): boolean {
  return isWebUrl(value) && isPrivateHost(new URL(value).hostname);
}

/** The warning of a file address saved although the server could not find its host. */
export function unreachableAddressWarning(hosts: readonly string[]): string {
  const names = [...new Set(hosts)].join(", ");
  return `Saved, but the server could not reach ${names}. Check that the file shows on the site.`;
}
