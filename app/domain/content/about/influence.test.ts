import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import { INFLUENCE_MESSAGES, INFLUENCE_TEXT, influenceCreateSchema } from "./influence";

describe("influence schema", () => {
  it("trims the name and refuses an empty one", () => {
    expect(influenceCreateSchema.parse({ name: "  Bill Watrous " })).toEqual({
      name: "Bill Watrous",
    });
    const result = influenceCreateSchema.safeParse({ name: "   " });
    expect(fieldErrorsFrom(result.error!)).toEqual({ name: INFLUENCE_MESSAGES.nameRequired });
    expect(INFLUENCE_TEXT.created).toBe("Influence added successfully");
    expect(INFLUENCE_TEXT.fetchFailed).toBe("Failed to fetch influences");
  });
});
