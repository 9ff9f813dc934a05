import { describe, expect, it } from "vitest";
import { createByteLru, megabytes, MEGABYTE } from "./byte-lru";

describe("createByteLru", () => {
  it("keeps entries while their bytes fit, and counts them", () => {
    const lru = createByteLru<string>(100);
    expect(lru.set("a", "A", 40)).toBe(true);
    expect(lru.set("b", "B", 60)).toBe(true);
    expect(lru.bytes).toBe(100);
    expect(lru.size).toBe(2);
    expect(lru.get("a")).toBe("A");
    expect(lru.get("b")).toBe("B");
  });

  it("drops the least recently used entries first when a new one goes past the bound", () => {
    const lru = createByteLru<string>(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    lru.get("a"); // a is now more recent than b
    lru.set("c", "C", 40);
    expect(lru.keys()).toEqual(["a", "c"]);
    expect(lru.bytes).toBe(80);
  });

  it("drops as many old entries as the new one needs", () => {
    const lru = createByteLru<number>(100);
    for (let i = 0; i < 10; i++) lru.set(`k${i}`, i, 10);
    lru.set("big", 99, 95);
    expect(lru.keys()).toEqual(["big"]);
    expect(lru.bytes).toBe(95);
  });

  it("never keeps an entry bigger than the whole bound, and leaves the others be", () => {
    const lru = createByteLru<string>(100);
    lru.set("a", "A", 50);
    expect(lru.set("huge", "H", 101)).toBe(false);
    expect(lru.peek("huge")).toBeUndefined();
    expect(lru.keys()).toEqual(["a"]);
    expect(lru.bytes).toBe(50);
  });

  it("setting a key again replaces its bytes and makes it the most recent", () => {
    const lru = createByteLru<string>(100);
    lru.set("a", "A", 30);
    lru.set("b", "B", 30);
    lru.set("a", "A2", 50);
    expect(lru.keys()).toEqual(["b", "a"]);
    expect(lru.bytes).toBe(80);
    expect(lru.peek("a")).toBe("A2");
  });

  it("peek leaves the order alone", () => {
    const lru = createByteLru<string>(60);
    lru.set("a", "A", 30);
    lru.set("b", "B", 30);
    lru.peek("a");
    lru.set("c", "C", 30);
    expect(lru.keys()).toEqual(["b", "c"]);
  });

  it("replace keeps the entry's place, and a grown entry pushes older ones out, not itself", () => {
    const lru = createByteLru<string>(100);
    lru.set("a", "A", 30);
    lru.set("b", "B", 30);
    lru.set("c", "C", 30);
    expect(lru.replace("b", "B smaller", 10)).toBe(true);
    expect(lru.keys()).toEqual(["a", "b", "c"]);
    expect(lru.bytes).toBe(70);
    expect(lru.replace("b", "B bigger", 60)).toBe(true);
    expect(lru.keys()).toEqual(["b", "c"]);
    expect(lru.bytes).toBe(90);
    expect(lru.peek("b")).toBe("B bigger");
  });

  it("replace does nothing for a key it does not hold, and drops an entry grown past the bound", () => {
    const lru = createByteLru<string>(100);
    expect(lru.replace("x", "X", 10)).toBe(false);
    expect(lru.size).toBe(0);
    lru.set("a", "A", 10);
    expect(lru.replace("a", "A", 200)).toBe(false);
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it("delete and clear give the bytes back", () => {
    const lru = createByteLru<string>(100);
    lru.set("a", "A", 30);
    lru.set("b", "B", 30);
    expect(lru.delete("a")).toBe(true);
    expect(lru.delete("a")).toBe(false);
    expect(lru.bytes).toBe(30);
    lru.clear();
    expect(lru.bytes).toBe(0);
    expect(lru.size).toBe(0);
  });

  it("a bound of zero keeps nothing", () => {
    const lru = createByteLru<string>(0);
    expect(lru.set("a", "A", 1)).toBe(false);
    expect(lru.size).toBe(0);
  });
});

describe("megabytes", () => {
  it("turns a bound in MB into bytes, fractions included, never below zero", () => {
    expect(megabytes(8)).toBe(8 * MEGABYTE);
    expect(megabytes(0.5)).toBe(MEGABYTE / 2);
    expect(megabytes(-1)).toBe(0);
  });
});
