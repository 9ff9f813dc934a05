import { describe, expect, it } from "vitest";
import {
  boundingBox,
  cityLabel,
  cityMatchRank,
  distanceKm,
  foldPlaceName,
  parseCityId,
  withinKm,
} from "./geo";

const PARIS = { latitude: 48.85341, longitude: 2.3488 };
const LONDON = { latitude: 51.50853, longitude: -0.12574 };
const LYON = { latitude: 45.74846, longitude: 4.84671 };
const SYDNEY = { latitude: -33.86785, longitude: 151.20732 };

describe("distanceKm", () => {
  it("measures known distances", () => {
    expect(distanceKm(PARIS, LONDON)).toBeCloseTo(343.5, 0);
    expect(distanceKm(PARIS, LYON)).toBeCloseTo(392, -1);
    // One degree of longitude on the equator.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      111.2,
      1,
    );
    expect(distanceKm(PARIS, PARIS)).toBe(0);
  });
  it("is symmetric and takes the short way across the date line", () => {
    expect(distanceKm(PARIS, SYDNEY)).toBeCloseTo(distanceKm(SYDNEY, PARIS), 6);
    const east = { latitude: 0, longitude: 179.5 };
    const west = { latitude: 0, longitude: -179.5 };
    expect(distanceKm(east, west)).toBeCloseTo(111.2, 1);
    // Antipodes: half the Earth's circumference.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      20015.1,
      0,
    );
  });
});

describe("withinKm", () => {
  const fans = [
    { email: "lyon", latitude: LYON.latitude, longitude: LYON.longitude },
    { email: "london", latitude: LONDON.latitude, longitude: LONDON.longitude },
    { email: "nowhere", latitude: null, longitude: null },
    { email: "paris", latitude: PARIS.latitude + 0.05, longitude: PARIS.longitude },
    { email: "sydney", latitude: SYDNEY.latitude, longitude: SYDNEY.longitude },
  ];
  it("keeps the subscribers within N km of a point, nearest first, and skips those without a city", () => {
    expect(withinKm(fans, PARIS, 150).map((f) => f.email)).toEqual(["paris"]);
    expect(withinKm(fans, PARIS, 350).map((f) => f.email)).toEqual(["paris", "london"]);
    expect(withinKm(fans, PARIS, 400).map((f) => f.email)).toEqual(["paris", "london", "lyon"]);
    expect(withinKm(fans, PARIS, 0)).toEqual([]);
  });
  it("counts a subscriber exactly at the limit as within", () => {
    const limit = distanceKm(PARIS, LONDON);
    expect(withinKm(fans, PARIS, limit).map((f) => f.email)).toContain("london");
  });
});

describe("boundingBox", () => {
  it("holds every point within the distance", () => {
    for (const center of [PARIS, SYDNEY, { latitude: 69.6, longitude: 18.9 }]) {
      const box = boundingBox(center, 150);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        const rad = (bearing * Math.PI) / 180;
        // A point about 149 km away in each direction.
        const point = {
          latitude: center.latitude + (149 / 111.32) * Math.cos(rad),
          longitude:
            center.longitude +
            ((149 / 111.32) * Math.sin(rad)) / Math.cos((center.latitude * Math.PI) / 180),
        };
        if (distanceKm(center, point) > 150) continue;
        expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
        expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
        expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
        expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
      }
    }
  });
});

describe("city search", () => {
  it("folds case, accents and punctuation", () => {
    expect(foldPlaceName("  São   Paulo ")).toBe("sao paulo");
    expect(foldPlaceName("ZÜRICH")).toBe("zurich");
    expect(foldPlaceName("Saint-Étienne")).toBe("saint etienne");
  });
  it("ranks the whole name, then its start, then a later word", () => {
    expect(cityMatchRank("york", "york")).toBe(0);
    expect(cityMatchRank("yorktown", "york")).toBe(1);
    expect(cityMatchRank("new york city", "york")).toBe(2);
    expect(cityMatchRank("newyork", "york")).toBeNull();
    expect(cityMatchRank("paris", "")).toBeNull();
  });
  it("labels a city with its region where there is one", () => {
    expect(cityLabel("Portland", "OR", "United States")).toBe("Portland, OR, United States");
    expect(cityLabel("Paris", null, "France")).toBe("Paris, France");
  });
  it("reads a posted city id, nothing else", () => {
    expect(parseCityId("2988507")).toBe(2988507);
    expect(parseCityId(2988507)).toBe(2988507);
    expect(parseCityId(" 12 ")).toBe(12);
    expect(parseCityId("")).toBeNull();
    expect(parseCityId("12a")).toBeNull();
    expect(parseCityId("-3")).toBeNull();
    expect(parseCityId("1e5")).toBeNull();
    expect(parseCityId(undefined)).toBeNull();
    expect(parseCityId({})).toBeNull();
  });
});
