import { describe, expect, it } from "vitest";
import { z } from "./zod";
import { firstErrors } from "../auth/auth-schemas";
import { fieldErrorsFrom } from "./form-errors";
import { formSchema, requiredText } from "./form-schema";

describe("fieldErrorsFrom", () => {
  const schema = z
    .object({
      title: z.string().min(1, "Title is required").min(3, "Too short"),
      tags: z.array(z.string().min(1, "Tag is empty")),
    })
    .refine(() => false, { message: "The whole form is wrong" });

  it("keeps the first message per top-level field, and puts path-less issues under form", () => {
    const result = schema.safeParse({ title: "", tags: ["ok", ""] });
    expect(result.success).toBe(false);
    expect(fieldErrorsFrom(result.error!)).toEqual({
      title: "Title is required",
      tags: "Tag is empty",
      form: "The whole form is wrong",
    });
  });

  it("reports only the form-level message when every field is fine", () => {
    const result = schema.safeParse({ title: "abcd", tags: [] });
    expect(fieldErrorsFrom(result.error!)).toEqual({ form: "The whole form is wrong" });
  });

  it("reads form-schema.ts results too", () => {
    const result = formSchema<{ name: string }>({
      name: requiredText("Name please", 10),
    }).safeParse({ name: " " });
    expect(fieldErrorsFrom(result.error!)).toEqual({ name: "Name please" });
  });

  it("is what auth-schemas' firstErrors still exports", () => {
    expect(firstErrors).toBe(fieldErrorsFrom);
  });
});
