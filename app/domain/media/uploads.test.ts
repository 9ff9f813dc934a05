import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  AUDIO_UNREADABLE,
  UPLOAD_KINDS,
  UPLOAD_KIND_NAMES,
  checkUpload,
  claimsKind,
  uploadHint,
  checkUploadSize,
  cleanOriginalName,
  extensionFor,
  id3TagLength,
  isUploadKind,
  parseUploadError,
  parseUploadedFile,
  sniffContentType,
  sniffFile,
  storedContentType,
  type UploadKind,
} from "./uploads";

const MB = 1024 * 1024;
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const text = (s: string) => new TextEncoder().encode(s);
/** A real 1×1 PNG. */
const PNG_1X1 = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);
const riff = (form: string) => bytes("RIFF", [0x24, 0, 0, 0], form, "fmt ");
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], "ftyp", brand, [0, 0, 0, 0], "isom");
const id3 = (bodyLength: number, ...after: (string | number[])[]) => {
  const size = [
    (bodyLength >> 21) & 0x7f,
    (bodyLength >> 14) & 0x7f,
    (bodyLength >> 7) & 0x7f,
    bodyLength & 0x7f,
  ];
  return bytes("ID3", [4, 0, 0], size, new Array<number>(bodyLength).fill(0), ...after);
};
const readerOf = (file: Uint8Array) => async (offset: number, length: number) =>
  file.subarray(offset, offset + length);

describe("sniffContentType", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "image/jpeg"],
    ["PNG", PNG_1X1, "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "image/gif"],
    ["WebP", riff("WEBP"), "image/webp"],
    ["PDF", bytes("%PDF-1.7\n%âãÏÓ\n"), "application/pdf"],
    ["PDF after a little junk", bytes("\r\n\r\n%PDF-1.4\n"), "application/pdf"],
    ["MP4", ftyp("isom"), "video/mp4"],
    ["MP4 (mp42)", ftyp("mp42"), "video/mp4"],
    ["QuickTime", ftyp("qt  "), "video/quicktime"],
    ["M4A", ftyp("M4A "), "audio/mp4"],
    ["WebM", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], "webm"), "video/webm"],
    ["Ogg Vorbis", bytes("OggS", new Array<number>(24).fill(0), [1], "vorbis"), "audio/ogg"],
    ["Ogg Theora", bytes("OggS", new Array<number>(24).fill(0), [0x80], "theora"), "video/ogg"],
    ["AVI", riff("AVI "), "video/x-msvideo"],
    [
      "WMV (ASF)",
      bytes([
        0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce,
        0x6c,
      ]),
      "video/x-ms-wmv",
    ],
    ["WAV", riff("WAVE"), "audio/wav"],
    ["RF64 WAV", bytes("RF64", [0xff, 0xff, 0xff, 0xff], "WAVE"), "audio/wav"],
    ["MP3 with ID3", id3(20, [0xff, 0xfb, 0x90, 0x00]), "audio/mpeg"],
    ["MP3 frame", bytes([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    ["MPEG-2 layer III frame", bytes([0xff, 0xf3, 0x80, 0xc4]), "audio/mpeg"],
    ["AAC (ADTS)", bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), "audio/aac"],
    ["AAC behind an ID3 tag", id3(12, [0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), "audio/aac"],
    ["FLAC", bytes("fLaC", [0, 0, 0, 0x22]), "audio/flac"],
    ["FLAC behind an ID3 tag", id3(8, "fLaC", [0, 0, 0, 0x22]), "audio/flac"],
  ])("recognises %s", (_name, file, type) => {
    expect(sniffContentType(file)).toBe(type);
  });

  it.each([
    ["plain text", text("hello, this is not a picture\n")],
    ["HTML", text("<!doctype html><svg onload=alert(1)>")],
    ["SVG", text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["a Matroska file (not among the spec's types)", bytes([0x1a, 0x45, 0xdf, 0xa3], "matroska")],
    ["an AVIF image", ftyp("avif")],
    ["a bare RIFF of another form", riff("CDXA")],
    ["nothing at all", new Uint8Array()],
    ["a reserved MPEG header", bytes([0xff, 0xeb, 0x90, 0x00])],
  ])("does not recognise %s", (_name, file) => {
    expect(sniffContentType(file)).toBeNull();
  });

  it("reads an ID3 tag's syncsafe length, footer included", () => {
    expect(id3TagLength(id3(300))).toBe(310);
    const withFooter = id3(5);
    withFooter[5] = 0x10;
    expect(id3TagLength(withFooter)).toBe(25);
    expect(id3TagLength(bytes("ID3", [4, 0, 0, 0x80, 0, 0, 0]))).toBeNull();
  });
});

describe("sniffFile", () => {
  it("looks past an ID3 tag longer than the first bytes (embedded cover art)", async () => {
    const flac = id3(SNIFF_BYTES * 3, "fLaC", [0, 0, 0, 0x22]);
    expect(sniffContentType(flac.subarray(0, SNIFF_BYTES))).toBe("audio/mpeg");
    expect(await sniffFile(readerOf(flac), flac.length)).toBe("audio/flac");
    const mp3 = id3(SNIFF_BYTES * 2, [0xff, 0xfb, 0x90, 0x00]);
    expect(await sniffFile(readerOf(mp3), mp3.length)).toBe("audio/mpeg");
  });

  it("says nothing for an empty file", async () => {
    expect(await sniffFile(readerOf(new Uint8Array()), 0)).toBeNull();
  });
});

describe("checkUpload", () => {
  it("refuses a text file named .png: the name is never asked", () => {
    const file = text("just some words");
    const verdict = checkUpload("image", {
      size: file.length,
      sniffedType: sniffContentType(file),
    });
    expect(verdict).toEqual({
      ok: false,
      reason: "type",
      status: 415,
      message: "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    });
  });

  it("accepts a real PNG whatever it is called (cover.jpg), as an image", () => {
    const sniffedType = sniffContentType(PNG_1X1);
    expect(sniffedType).toBe("image/png");
    expect(checkUpload("image", { size: PNG_1X1.length, sniffedType })).toEqual({ ok: true });
    expect(extensionFor(sniffedType!)).toBe("png");
  });

  it("refuses a GIF as artwork, and takes it as a gallery photo", () => {
    expect(checkUpload("artwork", { size: 100, sniffedType: "image/gif" })).toMatchObject({
      ok: false,
      message: "Please select a valid image file (JPEG, PNG, or WebP)",
    });
    expect(checkUpload("photo", { size: 100, sniffedType: "image/gif" })).toEqual({ ok: true });
  });

  it("gives the photo gallery's toast titles", () => {
    expect(checkUpload("photo", { size: 10, sniffedType: "application/pdf" })).toMatchObject({
      title: "Invalid file type",
      message: "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    });
    expect(checkUpload("photo", { size: 10 * MB + 1, sniffedType: "image/png" })).toMatchObject({
      title: "File too large",
      message: "Please select an image smaller than 10MB",
    });
  });

  it("takes only PNG and JPEG for the about hero image", () => {
    expect(checkUpload("about-hero", { size: 10, sniffedType: "image/jpeg" }).ok).toBe(true);
    expect(checkUpload("about-hero", { size: 10, sniffedType: "image/webp" })).toMatchObject({
      ok: false,
      reason: "type",
    });
  });

  const limits: [UploadKind, string, number, string][] = [
    ["image", "image/png", 10 * MB, "Please select an image smaller than 10MB"],
    ["artwork", "image/jpeg", 10 * MB, "Please select an image smaller than 10MB"],
    ["photo", "image/webp", 10 * MB, "Please select an image smaller than 10MB"],
    ["about-hero", "image/png", 10 * MB, "Please select an image smaller than 10MB"],
    [
      "video",
      "video/mp4",
      100 * MB,
      "File size (100.00 MB) exceeds the maximum allowed size of 100MB",
    ],
    [
      "featured-video",
      "video/webm",
      100 * MB,
      "File size (100.00 MB) exceeds the maximum allowed size of 100MB",
    ],
    [
      "video-large",
      "video/quicktime",
      1000 * MB,
      "File size (1000.00 MB) exceeds the maximum allowed size of 1000MB",
    ],
    ["audio", "audio/flac", 1000 * MB, "Please select an audio file smaller than 1GB (1000MB)"],
    ["pdf", "application/pdf", 50 * MB, "File is too large. Please use a file smaller than 50MB"],
  ];
  it.each(limits)(
    "%s: takes %s up to its limit and refuses a byte more",
    (kind, type, limit, message) => {
      expect(checkUpload(kind, { size: limit, sniffedType: type })).toEqual({ ok: true });
      expect(checkUpload(kind, { size: limit + 1, sniffedType: type })).toMatchObject({
        ok: false,
        reason: "size",
        status: 413,
        message,
      });
      expect(checkUploadSize(kind, limit + 1)).toMatchObject({ ok: false, message });
      expect(checkUploadSize(kind, limit)).toEqual({ ok: true });
    },
  );

  it("writes the size of an oversized video as the home video form did", () => {
    expect(checkUploadSize("video-large", Math.round(1234.5 * MB))).toMatchObject({
      message: "File size (1234.50 MB) exceeds the maximum allowed size of 1000MB",
    });
  });

  it.each([
    [
      "video-large",
      "video/x-ms-wmv",
      "Invalid file type. Please select a video file (MP4, MOV, AVI, WebM)",
    ],
    ["audio", "video/mp4", "Please select a valid audio file (MP3, WAV, OGG, AAC, FLAC, or WebM)"],
    ["pdf", "image/png", "Please upload a PDF file"],
    [
      "featured-video",
      "video/ogg",
      "Invalid file type. Please select a video file (MP4, MOV, AVI, WebM)",
    ],
    [
      "video",
      "audio/mpeg",
      "Invalid file type. Please select a video file (MP4, WebM, OGG, AVI, MOV, WMV)",
    ],
  ] as const)("%s refuses %s with the spec's words", (kind, type, message) => {
    expect(checkUpload(kind, { size: 10, sniffedType: type })).toMatchObject({
      ok: false,
      status: 415,
      message,
    });
  });

  it("refuses an empty file as the wrong type, whatever it claims", () => {
    expect(checkUpload("audio", { size: 0, sniffedType: "audio/mpeg" })).toMatchObject({
      reason: "type",
    });
  });

  it("keeps every kind's types, folder and privacy straight", () => {
    for (const kind of UPLOAD_KIND_NAMES) {
      const rule = UPLOAD_KINDS[kind];
      for (const type of rule.types) expect(extensionFor(type), type).not.toBe("bin");
      expect(rule.maxBytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    }
    expect(UPLOAD_KIND_NAMES.filter((k) => UPLOAD_KINDS[k].private)).toEqual(["pdf"]);
    expect(MAX_UPLOAD_BYTES).toBe(1000 * MB);
    expect(isUploadKind("audio")).toBe(true);
    expect(isUploadKind("toString")).toBe(false);
    expect(isUploadKind("../images")).toBe(false);
  });

  it("refuses audio that says it is audio but does not read as any as 'Audio processing failed'", () => {
    const random = { size: 4096, sniffedType: null };
    expect(
      checkUpload("audio", { ...random, declaredType: "audio/mpeg", name: "take.mp3" }),
    ).toEqual({ ok: false, reason: "unreadable", status: 422, ...AUDIO_UNREADABLE });
    // The name alone (a browser that guessed no type) or the type alone is enough.
    expect(checkUpload("audio", { ...random, declaredType: "", name: "Take 2.MP3" })).toMatchObject(
      {
        title: "Audio processing failed",
        message: "Could not extract audio information. Please try a different file.",
      },
    );
    expect(checkUpload("audio", { ...random, declaredType: "audio/wav", name: "x" })).toMatchObject(
      {
        reason: "unreadable",
      },
    );
    // A file that never claimed to be audio is the wrong type, as is a known non-audio type.
    expect(
      checkUpload("audio", { ...random, declaredType: "text/plain", name: "notes.txt" }),
    ).toMatchObject({ reason: "type", status: 415 });
    expect(
      checkUpload("audio", { size: 10, sniffedType: "image/png", name: "take.mp3" }),
    ).toMatchObject({ reason: "type" });
    // Only audio has the spec's "could not extract" words; images stay "wrong type".
    expect(
      checkUpload("photo", { ...random, declaredType: "image/png", name: "cover.png" }),
    ).toMatchObject({ reason: "type", title: "Invalid file type" });
  });

  it("reads what a file claims from its declared type or its extension", () => {
    expect(claimsKind("audio", { declaredType: "audio/x-wav" })).toBe(true);
    expect(claimsKind("audio", { name: "a.b.flac" })).toBe(true);
    expect(claimsKind("audio", { name: "mp3" })).toBe(false);
    expect(claimsKind("audio", { declaredType: "video/x-ms-wmv", name: "clip.wmv" })).toBe(false);
  });

  it("derives each kind's picker list and hint from its formats (one list per kind)", () => {
    for (const kind of UPLOAD_KIND_NAMES) {
      const rule = UPLOAD_KINDS[kind];
      expect(rule.types).toEqual([...new Set(rule.formats.map((f) => f.type))]);
      for (const token of rule.formats.flatMap((f) => f.accept)) {
        expect(rule.accept.split(","), `${kind} ${token}`).toContain(token);
      }
    }
    expect(uploadHint("featured-video")).toBe("MP4, MOV, AVI or WebM, up to 100 MB.");
    expect(UPLOAD_KINDS["featured-video"].accept).toBe(
      "video/mp4,video/quicktime,video/x-msvideo,video/avi,video/webm,.mp4,.mov,.avi,.webm",
    );
    expect(UPLOAD_KINDS["featured-video"].typeMessage.message).toBe(
      "Invalid file type. Please select a video file (MP4, MOV, AVI, WebM)",
    );
    expect(uploadHint("video-large")).toBe("MP4, MOV, AVI or WebM, up to 1000 MB.");
    expect(uploadHint("photo")).toBe("JPEG, PNG, GIF or WebP, up to 10 MB.");
    expect(uploadHint("pdf")).toBe("PDF, up to 50 MB.");
    expect(UPLOAD_KINDS.audio.accept).toContain("audio/webm");
    expect(UPLOAD_KINDS.audio.accept).not.toContain("video/webm");
  });

  it("records a WebM sent as audio as audio/webm", () => {
    expect(storedContentType("audio", "video/webm")).toBe("audio/webm");
    expect(storedContentType("video", "video/webm")).toBe("video/webm");
    expect(extensionFor("audio/webm")).toBe("webm");
  });
});

describe("the server's answers", () => {
  it("reads a stored file, and nothing else, as one", () => {
    const file = {
      url: "/uploads/images/abc.png",
      kind: "image",
      contentType: "image/png",
      size: 10,
      originalName: "cover.jpg",
      width: 1,
      height: 1,
    };
    expect(parseUploadedFile(JSON.stringify(file))).toEqual(file);
    expect(parseUploadedFile("")).toBeNull();
    expect(parseUploadedFile('{"error":"no"}')).toBeNull();
    expect(parseUploadedFile(JSON.stringify({ ...file, kind: "other" }))).toBeNull();
  });

  it("reads a refusal's message and title", () => {
    expect(parseUploadError('{"error":"File too big","title":"File too large"}')).toEqual({
      error: "File too big",
      title: "File too large",
    });
    expect(parseUploadError('{"error":"Nope"}')).toEqual({ error: "Nope" });
    expect(parseUploadError("Upload-Offset conflict\n")).toBeNull();
    expect(parseUploadError('{"error":""}')).toBeNull();
  });
});

describe("cleanOriginalName", () => {
  it("keeps the last path part of a name, without control characters, at most 200 characters", () => {
    expect(cleanOriginalName("C:\\Users\\ella\\Blue Train.mp3")).toBe("Blue Train.mp3");
    expect(cleanOriginalName("../../etc/passwd")).toBe("passwd");
    expect(cleanOriginalName(" cover\u0000\u001f\u007f.png ")).toBe("cover.png");
    expect(cleanOriginalName(`${"a".repeat(250)}.pdf`)).toHaveLength(200);
    expect(cleanOriginalName(null)).toBe("");
  });
});
