import { describe, expect, it } from "vitest";
import { failureDescription, formToObject } from "./admin-action.server";

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

describe("failureDescription", () => {
  const handler = { failure: "Failed to save video" };

  it("adds an expected failure's reason after the intent's words", () => {
    const described = {
      expected: true,
      title: "Item Not Found",
      message: "It may have been deleted.",
    };
    expect(failureDescription(handler, described)).toBe(
      "Failed to save video: It may have been deleted.",
    );
  });

  it("says the reason alone when the failure's title already says what failed", () => {
    const described = { expected: true, title: "Save Failed", message: "Invalid data provided." };
    expect(failureDescription({ failure: "Save Failed" }, described)).toBe(
      "Invalid data provided.",
    );
  });

  it("keeps an unexpected failure's details out, unless the intent words it", () => {
    const described = { expected: false, title: "Unexpected Error", message: "boom at pg" };
    expect(failureDescription(handler, described)).toBe("Failed to save video");
    expect(failureDescription({ ...handler, unexpected: "Unknown error" }, described)).toBe(
      "Failed to save video: Unknown error",
    );
  });
});
