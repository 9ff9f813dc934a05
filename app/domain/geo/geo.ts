/**
 * Places for "concerts near you" (issue 22): the distance between two points on the
 * Earth, who is within a distance of a point, and how city suggestions are ranked.
 * Pure: the city list itself is loaded on the server (server/geo/cities.server.ts).
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine; within 0.5 % of the ellipsoid, plenty here). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The places (subscribers, say) within `km` of `center`, nearest first; places without coordinates are left out. */
export function withinKm<
  T extends Partial<GeoPoint> | { latitude: number | null; longitude: number | null },
>(places: readonly T[], center: GeoPoint, km: number): T[] {
  const near: { place: T; distance: number }[] = [];
  for (const place of places) {
    if (place.latitude == null || place.longitude == null) continue;
    const distance = distanceKm(center, { latitude: place.latitude, longitude: place.longitude });
    if (distance <= km) near.push({ place, distance });
  }
  return near.sort((a, b) => a.distance - b.distance).map((entry) => entry.place);
}

/**
 * A rough box around `center` that holds every point within `km`: lets the database
 * narrow a query by index before the exact distance is taken.
 */
export function boundingBox(center: GeoPoint, km: number) {
  const dLat = km / 111.32;
  const cos = Math.cos(toRadians(center.latitude));
  const dLon = cos < 1e-6 ? 180 : Math.min(180, km / (111.32 * cos));
  return {
    minLatitude: Math.max(-90, center.latitude - dLat),
    maxLatitude: Math.min(90, center.latitude + dLat),
    minLongitude: center.longitude - dLon,
    maxLongitude: center.longitude + dLon,
  };
}

/** Lower case, accents off, one space: "  São   Paulo" and "sao paulo" are one query. */
export function foldPlaceName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The shortest query that gets suggestions, and how many come back. */
export const CITY_QUERY_MIN = 2;
export const CITY_SUGGESTIONS = 8;

/**
 * How well a city name matches a folded query: 0 the whole name, 1 its start, 2 the
 * start of a later word ("york" in "New York"), null not at all.
 */
export function cityMatchRank(foldedName: string, foldedQuery: string): number | null {
  if (!foldedQuery) return null;
  if (foldedName === foldedQuery) return 0;
  if (foldedName.startsWith(foldedQuery)) return 1;
  if (foldedName.includes(` ${foldedQuery}`)) return 2;
  return null;
}

/** What a suggestion and a stored place show: "Portland, OR, United States". */
export function cityLabel(name: string, region: string | null, country: string): string {
  return [name, region, country].filter(Boolean).join(", ");
}

/** A suggestion as the endpoint sends it and the forms post back (by its id). */
export interface CitySuggestion {
  id: number;
  label: string;
  latitude: number;
  longitude: number;
  countryCode: string;
}

/** A posted city id ("2988507"); null for nothing or anything that is not one. */
export function parseCityId(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}
