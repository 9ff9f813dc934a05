import { describe, expect, it } from "vitest";
import { FILE_TOAST_HEADER } from "~/domain/admin/admin-action";
import { attachmentName, fileAnswerToast } from "./file-intent";

const answer = (headers: Record<string, string>) => new Response("file", { headers });

describe("a file answer as the browser reads it", () => {
  it("saves the file under the name the server gave it, or the fallback", () => {
    expect(
      attachmentName(
        answer({ "Content-Disposition": 'attachment; filename="Tour-download-codes.pdf"' }),
        "download-codes",
      ),
    ).toBe("Tour-download-codes.pdf");
    expect(attachmentName(answer({}), "download-codes")).toBe("download-codes");
  });

  it("shows the toast the server put in the header, and nothing for a header it cannot read", () => {
    const toast = {
      id: "t1",
      type: "success",
      title: "Download codes generated",
      description: "3 codes",
    };
    expect(
      fileAnswerToast(answer({ [FILE_TOAST_HEADER]: encodeURIComponent(JSON.stringify(toast)) })),
    ).toEqual(toast);
    expect(fileAnswerToast(answer({}))).toBeNull();
    expect(fileAnswerToast(answer({ [FILE_TOAST_HEADER]: "%E0%A4%A" }))).toBeNull();
    expect(fileAnswerToast(answer({ [FILE_TOAST_HEADER]: encodeURIComponent("[]") }))).toBeNull();
  });
});
