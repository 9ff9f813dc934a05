import { describe, expect, it } from "vitest";
import { z } from "~/domain/core/zod";
import {
  changedFields,
  errorsAfterChange,
  errorsAfterEdit,
  formDataToValues,
  formNeedsMultipart,
  validateForm,
} from "./entity-form-values";

// Shaped like the domain schemas: form strings in, typed values out.
const flag = z
  .enum(["true", "false", "on"])
  .optional()
  .transform((value) => value === "true" || value === "on");

const itemSchema = z
  .object({
    id: z.string().optional(),
    title: z
      .string()
      .trim()
      .min(1, "Title is required")
      .min(2, "Title must be at least 2 characters"),
    url: z.string().trim().min(1, "URL is required").url("Please enter a valid URL"),
    tags: z.array(z.string().trim().min(1)).max(3, "At most 3 tags"),
    isFeatured: flag,
    isVisible: flag,
    imageUrl: z.string().optional(),
  })
  .refine((item) => !item.isFeatured || Boolean(item.imageUrl), {
    message: "Featured items must have an image",
  });

function form(entries: [string, string | Blob][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("formDataToValues", () => {
  it("reads list fields as arrays (empty when none was sent) and leaves out the intent", () => {
    const values = formDataToValues(
      form([
        ["intent", "create"],
        ["title", "Blue"],
        ["tags", "jazz"],
        ["tags", "live"],
      ]),
      ["tags", "genres"],
    );
    expect(values).toEqual({ title: "Blue", tags: ["jazz", "live"], genres: [] });
  });

  it("keeps the first value of a repeated plain field", () => {
    expect(
      formDataToValues(
        form([
          ["title", "A"],
          ["title", "B"],
        ]),
      ),
    ).toEqual({ title: "A" });
  });
});

describe("validateForm", () => {
  it("passes a valid form with tags as a list and switches as booleans", () => {
    const result = validateForm(
      itemSchema,
      form([
        ["intent", "update"],
        ["id", "42"],
        ["title", "  Blue in Green "],
        ["url", "https://example.com/watch"],
        ["tags", "jazz"],
        ["tags", "modal"],
        ["isFeatured", "false"],
        ["isVisible", "true"],
      ]),
      ["tags"],
    );
    expect(result).toEqual({
      success: true,
      data: {
        id: "42",
        title: "Blue in Green",
        url: "https://example.com/watch",
        tags: ["jazz", "modal"],
        isFeatured: false,
        isVisible: true,
      },
    });
  });

  it("gives each invalid field its first message only", () => {
    const result = validateForm(
      itemSchema,
      form([
        ["title", " "],
        ["url", "not a url"],
        ["isVisible", "on"],
      ]),
      ["tags"],
    );
    expect(result.success).toBe(false);
    expect(result.fieldErrors).toEqual({
      title: "Title is required",
      url: "Please enter a valid URL",
    });
  });

  it("files an error inside a list under the list's name", () => {
    const tags = ["a", "b", "c", "d"].map((t): [string, string] => ["tags", t]);
    const result = validateForm(
      itemSchema,
      form([["title", "Blue"], ["url", "https://example.com"], ...tags]),
      ["tags"],
    );
    expect(result.fieldErrors).toEqual({ tags: "At most 3 tags" });
  });

  it("files a rule across fields under the form", () => {
    const result = validateForm(
      itemSchema,
      form([
        ["title", "Blue"],
        ["url", "https://example.com"],
        ["isFeatured", "on"],
      ]),
      ["tags"],
    );
    expect(result.fieldErrors).toEqual({ form: "Featured items must have an image" });
  });
});

describe("formNeedsMultipart", () => {
  it("asks for multipart only when a file travels with the form", () => {
    expect(formNeedsMultipart(form([["title", "Blue"]]))).toBe(false);
    expect(formNeedsMultipart(form([["file", new Blob(["x"])]]))).toBe(true);
  });
});

describe("errorsAfterChange", () => {
  const atOpening = { title: "Title is required", venue: "Venue is required" };

  it("keeps the opening form's errors for Save, shows the changed fields' errors", () => {
    const errors = { ...atOpening, time: "Bad time" };
    expect(errorsAfterChange(errors, atOpening, new Set(["time"]))).toEqual({ time: "Bad time" });
    expect(errorsAfterChange(atOpening, atOpening, new Set(["title"]))).toEqual({
      title: "Title is required",
    });
  });

  it("shows an error a change caused in another field, or a changed message", () => {
    const errors = { ...atOpening, title: "Too short", imageUrl: "Needs an image" };
    expect(errorsAfterChange(errors, atOpening, new Set(["isFeatured"]))).toEqual({
      title: "Too short",
      imageUrl: "Needs an image",
    });
  });
});

describe("changedFields", () => {
  it("names the fields whose value moved, lists item by item", () => {
    const opening = { title: "", tags: ["jazz"], isActive: "true" };
    expect(changedFields(opening, { ...opening })).toEqual(new Set());
    expect(changedFields(opening, { ...opening, title: "Blue Hour" })).toEqual(new Set(["title"]));
    expect(changedFields(opening, { ...opening, tags: ["jazz", "live"] })).toEqual(
      new Set(["tags"]),
    );
    expect(changedFields(opening, { ...opening, tags: ["jazz"] })).toEqual(new Set());
  });
});

describe("errorsAfterEdit", () => {
  it("clears a message once its field is fixed", () => {
    expect(errorsAfterEdit({ color: "Invalid colour" }, {}, new Set(["color"]), false)).toEqual({});
  });

  it("updates the message of a field that is still wrong in another way", () => {
    expect(
      errorsAfterEdit({ price: "Required" }, { price: "Too low" }, new Set(["price"]), false),
    ).toEqual({ price: "Too low" });
  });

  it("drops a browser message fixed by a change elsewhere, keeps one still wrong", () => {
    expect(
      errorsAfterEdit(
        { imageUrl: "An image is needed for a featured item", title: "Required" },
        { title: "Required" },
        new Set(["isFeatured"]),
        false,
      ),
    ).toEqual({ title: "Required" });
  });

  it("keeps a server's message on a field nobody touched, and rechecks a touched one", () => {
    expect(
      errorsAfterEdit(
        { slug: "Already taken", pdfUrl: "Not a PDF" },
        {},
        new Set(["pdfUrl"]),
        true,
      ),
    ).toEqual({ slug: "Already taken" });
  });

  it("shows the new error of a changed field that had none", () => {
    expect(errorsAfterEdit({}, { email: "Invalid email" }, new Set(["email"]), false)).toEqual({
      email: "Invalid email",
    });
  });
});
