import { describe, expect, it } from "vitest";
import { distanceKm } from "~/domain/geo/geo";
import { cityById, suggestCities } from "./cities.server";

describe("the offline city list", () => {
  it("suggests the biggest exact match first, then names that start with the query", () => {
    const paris = suggestCities("paris");
    expect(paris[0]).toMatchObject({ label: "Paris, France", countryCode: "FR" });
    expect(distanceKm(paris[0]!, { latitude: 48.8566, longitude: 2.3522 })).toBeLessThan(2);
    expect(paris.some((c) => c.label === "Paris, TX, United States")).toBe(true);
    expect(paris.length).toBeLessThanOrEqual(8);
    expect(
      suggestCities("portland")
        .slice(0, 2)
        .map((c) => c.label),
    ).toEqual(["Portland, OR, United States", "Portland, ME, United States"]);
  });
  it("finds names typed without accents and later words of a name", () => {
    expect(suggestCities("sao paulo")[0]?.label).toBe("São Paulo, Brazil");
    expect(suggestCities("zurich")[0]?.label).toBe("Zürich, Switzerland");
    expect(suggestCities("york").map((c) => c.label)).toContain("York, United Kingdom");
    expect(suggestCities("new york")[0]?.label).toMatch(/^New York City, NY/);
  });
  it("shows each label once", () => {
    for (const query of ["lyon", "paris", "london", "springfield"]) {
      const labels = suggestCities(query).map((c) => c.label);
      expect(new Set(labels).size, query).toBe(labels.length);
    }
  });
  it("needs two letters and finds nothing for nonsense", () => {
    expect(suggestCities("p")).toEqual([]);
    expect(suggestCities("   ")).toEqual([]);
    expect(suggestCities("qxzqxz")).toEqual([]);
  });
  it("gives a city back by its id, and nothing for an id not on the list", () => {
    const berlin = suggestCities("berlin")[0]!;
    expect(cityById(berlin.id)).toEqual(berlin);
    expect(cityById(1)).toBeNull();
    expect(cityById(Number.NaN)).toBeNull();
  });
});
