import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import { STAT_MESSAGES, STAT_TEXT, statCreateSchema } from "./stat";

describe("stat schema", () => {
  it("needs a known icon, a number and a label", () => {
    expect(
      statCreateSchema.parse({ iconName: "MapPin", numberValue: " 500+ ", label: " Shows " }),
    ).toEqual({
      iconName: "MapPin",
      numberValue: "500+",
      label: "Shows",
    });
    expect(statCreateSchema.parse({ numberValue: "1", label: "x" }).iconName).toBe("Music");
    const result = statCreateSchema.safeParse({ iconName: "Star", numberValue: "", label: "" });
    expect(fieldErrorsFrom(result.error!)).toEqual({
      iconName: STAT_MESSAGES.iconInvalid,
      numberValue: STAT_MESSAGES.numberRequired,
      label: STAT_MESSAGES.labelRequired,
    });
    expect(STAT_TEXT.created).toBe("Statistic added successfully");
    expect(STAT_TEXT.fetchFailed).toBe("Failed to fetch stats");
  });
});
