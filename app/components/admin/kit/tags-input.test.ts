import { describe, expect, it } from "vitest";
import { DUPLICATE_TAG_MESSAGE, addTag } from "./tags-input";

describe("addTag", () => {
  it("adds the trimmed tag at the end", () => {
    expect(addTag(["jazz"], "  ballads ")).toEqual({ tags: ["jazz", "ballads"] });
  });

  it("ignores an empty entry", () => {
    expect(addTag(["jazz"], "   ")).toEqual({ tags: ["jazz"] });
  });

  it("refuses a duplicate, whatever its letter case", () => {
    expect(addTag(["jazz"], " Jazz")).toEqual({ tags: ["jazz"], error: DUPLICATE_TAG_MESSAGE });
  });
});
