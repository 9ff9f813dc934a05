import { afterEach, describe, expect, it, vi } from "vitest";
import { cached, invalidateSiteCache } from "./cache.server";

describe("site cache", () => {
  afterEach(() => {
    invalidateSiteCache();
    vi.useRealTimers();
  });

  it("serves a fresh entry without loading again, and reloads after it expires", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => "v");
    await cached("k", 1000, load);
    await cached("k", 1000, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cached("k", 1000, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("drops everything when the site changes", async () => {
    const load = vi.fn(async () => "v");
    await cached("k", 60_000, load);
    invalidateSiteCache();
    await cached("k", 60_000, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("runs a lazy thenable (a Drizzle query) once, however often the kept value is read", async () => {
    const run = vi.fn(async () => ["row"]);
    // Like a Drizzle query builder: the work starts on each then().
    const query = () => ({
      then: (resolve: (v: string[]) => unknown, reject: (e: unknown) => unknown) =>
        run().then(resolve, reject),
    });
    const load = () => query() as unknown as Promise<string[]>;
    await cached("q", 60_000, load);
    await cached("q", 60_000, load);
    await expect(cached("q", 60_000, load)).resolves.toEqual(["row"]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("does not remember a failed read", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("up");
    await expect(cached("k", 60_000, load)).rejects.toThrow("down");
    await expect(cached("k", 60_000, load)).resolves.toBe("up");
  });
});
