/**
 * Which saved version of a page text is "Current" in its history, and how many earlier
 * ones there are. The text now stored can equal several versions (a restore writes an
 * old state again, a save can go back to an earlier wording): only the newest of them
 * is the current one, the others are earlier versions with the same text. Pure.
 */

export type VersionStanding = "current" | "same-as-current" | "earlier";

/**
 * The standing of each version, newest first: the first one equal to the stored text is
 * current, later equal ones are the same as current, the rest are earlier. When none
 * equals it (a change made outside the editors), none is current.
 */
export function versionStandings<T>(
  versionsNewestFirst: readonly T[],
  equalsStored: (version: T) => boolean,
): VersionStanding[] {
  let currentSeen = false;
  return versionsNewestFirst.map((version) => {
    if (!equalsStored(version)) return "earlier";
    if (currentSeen) return "same-as-current";
    currentSeen = true;
    return "current";
  });
}

/** "N earlier versions": every row that is not the current one. */
export function earlierVersionCount(versions: readonly { isCurrent: boolean }[]): number {
  return versions.filter((v) => !v.isCurrent).length;
}

export function earlierVersionsLabel(count: number): string {
  return `${count} ${count === 1 ? "earlier version" : "earlier versions"}`;
}
