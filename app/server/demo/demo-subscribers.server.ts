/**
 * The demo's newsletter list (issue 22): a few hundred confirmed subscribers, most of
 * them with a city, so that the campaign screen's audience counts and "Tell fans
 * nearby" show what they do on a fresh start. The people are invented (addresses at
 * example.org); their cities are real places of the offline list, as the picker would
 * have stored them. The demo's invented concert towns are placed among them
 * (DEMO_TOWN_POSITIONS), in the Pacific Northwest.
 */
import crypto from "node:crypto";
import type { Executor } from "../db/database.server";
import { newsletterSubscribers } from "../db/schema/audience.server";
import { createRandom } from "./demo-random.server";

/** How many the demo seed makes; `npm run db:seed-subscribers -- <count>` makes more. */
export const DEMO_SUBSCRIBER_COUNT = 320;
/** The most `db:seed-subscribers` makes (the newsletter benchmark's own list is 10,000). */
export const DEMO_SUBSCRIBER_MAX = 100_000;

type Place = readonly [label: string, countryCode: string, latitude: number, longitude: number];

/** Where the demo's invented towns lie, so their concerts have fans nearby. */
export const DEMO_TOWN_POSITIONS: Record<
  string,
  { countryCode: string; latitude: number; longitude: number }
> = {
  "Port Alder": { countryCode: "US", latitude: 47.31, longitude: -122.52 },
  "Larkspur Bay": { countryCode: "US", latitude: 45.6, longitude: -122.79 },
  "Saltmarsh Quay": { countryCode: "US", latitude: 48.7, longitude: -122.55 },
  Ambermoor: { countryCode: "US", latitude: 46.68, longitude: -117.1 },
  Greyhaven: { countryCode: "US", latitude: 44.1, longitude: -123.15 },
  Westhollow: { countryCode: "US", latitude: 47.6, longitude: -117.5 },
  "Cinder Falls": { countryCode: "US", latitude: 44.1, longitude: -121.4 },
  Brightwater: { countryCode: "CA", latitude: 49.2, longitude: -123.0 },
};

/** Real cities of the list, weighted towards the region the demo artist tours. */
const CITIES: readonly Place[] = [
  ["Seattle, WA, United States", "US", 47.60621, -122.33207],
  ["Seattle, WA, United States", "US", 47.60621, -122.33207],
  ["Tacoma, WA, United States", "US", 47.25288, -122.44429],
  ["Portland, OR, United States", "US", 45.52345, -122.67621],
  ["Portland, OR, United States", "US", 45.52345, -122.67621],
  ["Olympia, WA, United States", "US", 47.03787, -122.9007],
  ["Bellingham, WA, United States", "US", 48.75955, -122.48822],
  ["Everett, WA, United States", "US", 47.97898, -122.20208],
  ["Spokane, WA, United States", "US", 47.65966, -117.42908],
  ["Eugene, OR, United States", "US", 44.05207, -123.08675],
  ["Vancouver, Canada", "CA", 49.24966, -123.11934],
  ["Victoria, Canada", "CA", 48.4359, -123.35155],
  ["Bend, OR, United States", "US", 44.05817, -121.31531],
  ["Boise, ID, United States", "US", 43.6135, -116.20345],
  ["San Francisco, CA, United States", "US", 37.77493, -122.41942],
  ["Los Angeles, CA, United States", "US", 34.05223, -118.24368],
  ["Chicago, IL, United States", "US", 41.85003, -87.65005],
  ["New York City, NY, United States", "US", 40.71427, -74.00597],
  ["London, United Kingdom", "GB", 51.50853, -0.12574],
  ["Berlin, Germany", "DE", 52.52437, 13.41053],
  ["Paris, France", "FR", 48.85341, 2.3488],
  ["Toronto, Canada", "CA", 43.70011, -79.4163],
  ["Corvallis, OR, United States", "US", 44.56457, -123.26204],
  ["Pullman, WA, United States", "US", 46.73127, -117.17962],
  ["Bellevue, WA, United States", "US", 47.61038, -122.20068],
];

const FIRST = [
  "ada",
  "ben",
  "cleo",
  "dev",
  "ella",
  "finn",
  "gia",
  "hugo",
  "iris",
  "jules",
  "kai",
  "lena",
  "milo",
  "nora",
  "otis",
  "pia",
  "quinn",
  "rosa",
  "sam",
  "tess",
  "umar",
  "vera",
  "wren",
  "yara",
];
const LAST = [
  "alder",
  "brook",
  "cole",
  "dunn",
  "ellis",
  "frost",
  "grant",
  "hale",
  "ivers",
  "james",
  "keane",
  "lowe",
  "marsh",
  "noble",
  "oakes",
  "price",
  "reyes",
  "stone",
];

type SubscriberRow = typeof newsletterSubscribers.$inferInsert;

/**
 * The same list on every seed of the same day; confirmed over the past year. A longer
 * list starts with the same people (addresses end in their number: ….<n>@example.org).
 */
export function demoSubscribers(today: Date, count = DEMO_SUBSCRIBER_COUNT): SubscriberRow[] {
  const random = createRandom("demo-subscribers");
  const rows: SubscriberRow[] = [];
  for (let n = 1; n <= count; n++) {
    const email = `${random.pick(FIRST)}.${random.pick(LAST)}.${n}@example.org`;
    const confirmedAt = new Date(today.getTime() - random.int(2, 365) * 86_400_000);
    const place = random.chance(0.7) ? random.pick(CITIES) : null;
    rows.push({
      email,
      status: "subscribed",
      // Nobody holds these tokens: the demo's letters carry per-recipient links.
      unsubscribeTokenHash: crypto.randomBytes(32).toString("hex"),
      confirmedAt,
      consentPage: random.pick(["/", "/events", "/shop", "/about"]),
      createdAt: confirmedAt,
      ...(place && {
        city: place[0],
        countryCode: place[1],
        latitude: place[2],
        longitude: place[3],
      }),
    });
  }
  return rows;
}

/**
 * The count `db:seed-subscribers` was asked for: nothing means the demo's own 320; else a
 * whole number from 1 to DEMO_SUBSCRIBER_MAX. A sentence for anything else.
 */
export function demoSubscriberCount(raw: string | undefined): number | { error: string } {
  if (raw === undefined || raw.trim() === "") return DEMO_SUBSCRIBER_COUNT;
  const count = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > DEMO_SUBSCRIBER_MAX) {
    return {
      error: `"${raw}" is not a number of subscribers: give a whole number from 1 to ${DEMO_SUBSCRIBER_MAX.toLocaleString("en-US")}, e.g. npm run db:seed-subscribers -- 2000`,
    };
  }
  return count;
}

/**
 * Makes sure the demo list has its first `count` people (confirmed, most with a city),
 * adding only the addresses not there yet: the demo's own 320 are the first of them, so
 * on a seeded database `count` 2,000 adds 1,680, and a second run adds none. An address
 * that has unsubscribed or bounced is left as it is. Returns how many were added.
 */
export async function seedDemoSubscribers(
  db: Executor,
  count: number,
  today = new Date(),
): Promise<number> {
  const rows = demoSubscribers(today, count);
  let added = 0;
  for (let i = 0; i < rows.length; i += 1_000) {
    const inserted = await db
      .insert(newsletterSubscribers)
      .values(rows.slice(i, i + 1_000))
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    added += inserted.length;
  }
  return added;
}
