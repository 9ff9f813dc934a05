import { describe, expect, it } from "vitest";
import {
  ROW_INTENTS,
  namespacedRowIntents,
  rowEditSchema,
  rowFlagSchema,
  rowIdSchema,
  rowOrderSchema,
} from "./collection-rows";

const ID = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";

describe("a collection's row operations", () => {
  it("names a row by its id, and refuses anything else", () => {
    expect(rowIdSchema.parse({ id: ID })).toEqual({ id: ID });
    expect(rowIdSchema.safeParse({ id: "not-an-id" }).success).toBe(false);
    expect(rowIdSchema.safeParse({}).success).toBe(false);
  });

  it("switches only the collection's own flags, with the new value read from the form", () => {
    const schema = rowFlagSchema(["isActive", "isFeatured"]);
    expect(schema.parse({ id: ID, flag: "isFeatured", value: "true" })).toEqual({
      id: ID,
      flag: "isFeatured",
      value: true,
    });
    expect(schema.parse({ id: ID, flag: "isActive", value: "false" }).value).toBe(false);
    const other = schema.safeParse({ id: ID, flag: "title", value: "true" });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe("Unknown switch");
  });

  it("takes the new order as one id, several, or none, and refuses a malformed id", () => {
    expect(rowOrderSchema.parse({ ids: ID }).ids).toEqual([ID]);
    expect(rowOrderSchema.parse({ ids: [ID, ID] }).ids).toEqual([ID, ID]);
    expect(rowOrderSchema.parse({}).ids).toEqual([]);
    expect(rowOrderSchema.safeParse({ ids: [ID, "x"] }).success).toBe(false);
  });

  it("lets an edit whose rules need the stored row through with its other fields", () => {
    expect(rowEditSchema.parse({ id: ID, title: "T" })).toEqual({ id: ID, title: "T" });
    expect(rowEditSchema.safeParse({ title: "T" }).success).toBe(false);
  });

  it("names the intents plainly, or under a tab's namespace", () => {
    expect(ROW_INTENTS.setFlag).toBe("set-flag");
    expect(namespacedRowIntents("video")).toEqual({
      create: "video:create",
      update: "video:update",
      delete: "video:delete",
      setFlag: "video:set-flag",
      reorder: "video:reorder",
    });
  });
});
