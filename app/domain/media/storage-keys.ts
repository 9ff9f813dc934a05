/**
 * Storage keys ("uploads/images/1f…e2.jpg") name files on disk and objects in a bucket
 * alike (app/server/media/object-storage.server.ts), so one rule decides which are
 * acceptable: relative, "/"-separated, no empty, "." or ".." part, no backslash and no
 * control character. A key that passes cannot leave its folder on disk.
 */
export const MAX_STORAGE_KEY_LENGTH = 512;

export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_STORAGE_KEY_LENGTH) return false;
  if (key.includes("\\")) return false;
  if ([...key].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  return key.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** The storage key of a public URL path under `prefix` ("/uploads"), or null. */
export function storageKeyOfPublicPath(prefix: string, pathname: string): string | null {
  if (!pathname.startsWith(`${prefix}/`)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(1));
  } catch {
    return null;
  }
  return isSafeStorageKey(decoded) ? decoded : null;
}
