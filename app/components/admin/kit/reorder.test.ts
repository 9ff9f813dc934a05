import { describe, expect, it } from "vitest";
import { moveItem, orderByIds } from "./reorder";

describe("moveItem", () => {
  const items = ["a", "b", "c", "d"];

  it("moves an item up or down by one place", () => {
    expect(moveItem(items, 2, -1)).toEqual(["a", "c", "b", "d"]);
    expect(moveItem(items, 0, 1)).toEqual(["b", "a", "c", "d"]);
  });

  it("leaves the order alone for the first item up and the last down", () => {
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 3, 1)).toEqual(items);
    expect(moveItem(items, 7, -1)).toEqual(items);
  });

  it("returns a new array and never touches the old one", () => {
    const before = [...items];
    const moved = moveItem(items, 1, 1);
    expect(moved).not.toBe(items);
    expect(items).toEqual(before);
  });

  it("always gives a permutation of the items", () => {
    for (let index = 0; index < items.length; index++) {
      for (const offset of [-1, 1]) {
        const moved = moveItem(items, index, offset);
        expect(moved).toHaveLength(items.length);
        expect([...moved].sort()).toEqual([...items].sort());
      }
    }
  });
});

describe("orderByIds", () => {
  const rows = [{ id: "1" }, { id: "2" }, { id: "3" }];
  const id = (row: { id: string }) => row.id;

  it("puts the rows in the given order", () => {
    expect(orderByIds(rows, ["3", "1", "2"], id).map(id)).toEqual(["3", "1", "2"]);
  });

  it("keeps rows the order does not know at the end and skips ids without rows", () => {
    expect(orderByIds(rows, ["2", "9", "1"], id).map(id)).toEqual(["2", "1", "3"]);
  });
});
