import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../testing/test-database.server";
import { readUploadNames, recordUploadName } from "./upload-names.server";

describe.each(await testDatabaseKinds())("upload names on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("keeps a file's own name by its stored address, and reads several at once", async () => {
    await recordUploadName(t.db, "/uploads/images/aa11.jpg", "cover-photo.jpg");
    await recordUploadName(t.db, "sheet-music/bb22.pdf", "C:\\scores\\Blue in Green.pdf");
    const names = await readUploadNames(t.db, [
      "/uploads/images/aa11.jpg",
      "sheet-music/bb22.pdf",
      "/uploads/images/never-named.jpg",
      null,
      "",
    ]);
    expect(Object.fromEntries(names)).toEqual({
      "/uploads/images/aa11.jpg": "cover-photo.jpg",
      // A path the browser sent with it is cut off, as in the upload's answer.
      "sheet-music/bb22.pdf": "Blue in Green.pdf",
    });
  });

  it("takes the newer name for the same address, and ignores an empty one", async () => {
    await recordUploadName(t.db, "/uploads/audio/cc33.mp3", "take 1.mp3");
    await recordUploadName(t.db, "/uploads/audio/cc33.mp3", "take 2.mp3");
    await recordUploadName(t.db, "/uploads/audio/dd44.mp3", "   ");
    const names = await readUploadNames(t.db, [
      "/uploads/audio/cc33.mp3",
      "/uploads/audio/dd44.mp3",
    ]);
    expect(Object.fromEntries(names)).toEqual({ "/uploads/audio/cc33.mp3": "take 2.mp3" });
    expect((await readUploadNames(t.db, [])).size).toBe(0);
  });
});
