import { describe, expect, it } from "vitest";
import { ERROR_LOG_KEY, logError, readErrorLogs } from "./error-log";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe("error log", () => {
  it("stores message, error and context under errorLogs", () => {
    const storage = memoryStorage();
    logError("Image failed to load", new Error("404"), { src: "/uploads/x.jpg" }, storage);
    const [entry] = readErrorLogs(storage);
    expect(entry).toMatchObject({
      message: "Image failed to load",
      error: "404",
      context: { src: "/uploads/x.jpg" },
    });
    expect(typeof entry!.context.timestamp).toBe("string");
    expect(entry!.context).toHaveProperty("url");
    expect(entry!.context).toHaveProperty("userAgent");
    expect(storage.data.has(ERROR_LOG_KEY)).toBe(true);
  });

  it("keeps only the last 10 entries", () => {
    const storage = memoryStorage();
    for (let i = 1; i <= 13; i++) logError(`failure ${i}`, "x", {}, storage);
    const entries = readErrorLogs(storage);
    expect(entries).toHaveLength(10);
    expect(entries[0]!.message).toBe("failure 4");
    expect(entries[9]!.message).toBe("failure 13");
  });

  it("survives broken or blocked storage", () => {
    const storage = memoryStorage();
    storage.setItem(ERROR_LOG_KEY, "{not json");
    expect(readErrorLogs(storage)).toEqual([]);
    logError("again", "x", {}, storage);
    expect(readErrorLogs(storage)).toHaveLength(1);
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => logError("blocked", "x", {}, blocked)).not.toThrow();
    expect(() => logError("no storage", "x", {}, undefined)).not.toThrow();
  });
});
