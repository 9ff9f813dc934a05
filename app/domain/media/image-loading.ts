/** How images load and recover (public-site spec §4 "Images", §9). */

/** Lazy images start loading this far ahead of the viewport. */
export const LAZY_ROOT_MARGIN = "50px";

/** A failed image is retried automatically after these delays, then offers Retry. */
export const IMAGE_RETRY_DELAYS_MS = [1000, 2000] as const;

/** The wait before the next automatic retry after `failures` failed loads, or null: give up. */
export function nextRetryDelay(failures: number): number | null {
  if (failures < 1) return null;
  return IMAGE_RETRY_DELAYS_MS[failures - 1] ?? null;
}
