import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../core/form-errors";
import { BATCH_MESSAGES, batchSavedSentence, downloadCodeBatchSchema } from "./download-code-batch";

const ITEM = "5b0c7a4e-8f7e-4d3c-9a51-0f3b2e6d9c11";
const read = (fields: Record<string, string>) =>
  downloadCodeBatchSchema.safeParse({ shopItemId: ITEM, label: "Press", count: "5", ...fields });

describe("the generate form of a batch", () => {
  it("reads a count from 1 to 5,000 and a label, pdf cards on A4 unless told", () => {
    expect(read({ count: "5,000", label: "  Spring   tour " }).data).toEqual({
      shopItemId: ITEM,
      label: "Spring tour",
      count: 5000,
      format: "pdf",
      paper: "a4",
    });
    expect(read({ count: "1", format: "zip", paper: "letter" }).data).toMatchObject({
      count: 1,
      format: "zip",
      paper: "letter",
    });
    // A format or paper nobody offers is the default, not an error.
    expect(read({ format: "exe", paper: "A0" }).data).toMatchObject({ format: "pdf", paper: "a4" });
  });

  it("refuses 0, 5,001, fractions and words", () => {
    for (const count of ["0", "5001", "2.5", "ten", "", "-3", "1e3"]) {
      const result = read({ count });
      expect(result.success).toBe(false);
      expect(fieldErrorsFrom(result.error!)).toEqual({ count: BATCH_MESSAGES.countInvalid });
    }
  });

  it("needs a label of at most 80 characters", () => {
    expect(fieldErrorsFrom(read({ label: "  " }).error!)).toEqual({
      label: BATCH_MESSAGES.labelRequired,
    });
    expect(fieldErrorsFrom(read({ label: "x".repeat(81) }).error!)).toEqual({
      label: BATCH_MESSAGES.labelTooLong,
    });
  });

  it("says everything that is missing at once, beside each field", () => {
    const result = downloadCodeBatchSchema.safeParse({ shopItemId: "", count: "0" });
    expect(fieldErrorsFrom(result.error!)).toEqual({
      shopItemId: BATCH_MESSAGES.itemRequired,
      label: BATCH_MESSAGES.labelRequired,
      count: BATCH_MESSAGES.countInvalid,
    });
  });

  it("tells the artist what was saved and that the codes cannot be shown again", () => {
    expect(batchSavedSentence(5000, "zip")).toBe(
      "5,000 codes, saved as a zip of the cards and the CSV. Keep the file: the codes cannot be shown again.",
    );
  });
});
