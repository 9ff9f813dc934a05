import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import {
  COLLABORATION_MESSAGES,
  COLLABORATION_TEXT,
  collaborationCreateSchema,
} from "./collaboration";

describe("collaboration schema", () => {
  it("needs artist, project and year", () => {
    expect(
      collaborationCreateSchema.parse({ artist: " Maria ", project: " Suite ", year: " 2019 " }),
    ).toEqual({ artist: "Maria", project: "Suite", year: "2019" });
    const result = collaborationCreateSchema.safeParse({ artist: "", project: " " });
    expect(fieldErrorsFrom(result.error!)).toEqual({
      artist: COLLABORATION_MESSAGES.artistRequired,
      project: COLLABORATION_MESSAGES.projectRequired,
      year: COLLABORATION_MESSAGES.yearRequired,
    });
    expect(COLLABORATION_TEXT.deleteFailed).toBe("Failed to delete collaboration");
  });
});
