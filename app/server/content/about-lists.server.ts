/**
 * The about page's three lists read together: influences, collaborations and stats,
 * each in its admin order.
 */
import { MINUTE, cached } from "../core/cache.server";
import { getDb, type Database } from "../db/database.server";
import { collaborationService } from "./collaborations.server";
import { influenceService } from "./influences.server";
import { statService } from "./stats.server";

export interface AboutLists {
  influences: { id: string; name: string }[];
  collaborations: { id: string; artist: string; project: string; year: string }[];
  stats: { id: string; iconName: string; numberValue: string; label: string }[];
}

export async function readAboutLists(db: Database): Promise<AboutLists> {
  const [influences, collaborations, stats] = await Promise.all([
    influenceService.listPublic(db),
    collaborationService.listPublic(db),
    statService.listPublic(db),
  ]);
  return {
    influences: influences.map(({ id, name }) => ({ id, name })),
    collaborations: collaborations.map(({ id, artist, project, year }) => ({
      id,
      artist,
      project,
      year,
    })),
    stats: stats.map(({ id, iconName, numberValue, label }) => ({
      id,
      iconName,
      numberValue,
      label,
    })),
  };
}

/** Fresh for 5 minutes, like the home content (spec §9). */
export const loadAboutLists = () =>
  cached("about-lists", 5 * MINUTE, () => readAboutLists(getDb()));
