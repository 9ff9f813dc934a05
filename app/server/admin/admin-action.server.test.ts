import { describe, expect, it } from "vitest";
import { formToObject } from "./admin-action.server";

describe("formToObject", () => {
  it("keeps single fields as strings, repeated fields as arrays in order, and files as files", () => {
    const form = new FormData();
    form.append("intent", "reorder");
    form.append("ids", "b");
    form.append("ids", "a");
    form.append("ids", "c");
    form.append("tags", "jazz");
    const file = new File(["x"], "cover.png", { type: "image/png" });
    form.append("cover", file);
    const out = formToObject(form);
    expect(out).toEqual({
      intent: "reorder",
      ids: ["b", "a", "c"],
      tags: "jazz",
      cover: expect.any(File),
    });
    expect((out.cover as File).name).toBe("cover.png");
  });
});
