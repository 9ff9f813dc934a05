/**
 * Upload kinds of the back office (admin spec §5 "Files", §8 "Upload", §9): which
 * content types a kind accepts, its size limit, whether the stored file is public, and
 * the spec's messages. Shared by the upload field in the browser (a quick check before
 * any byte is sent) and the upload server (which always decides again, on the bytes it
 * received). Pure: no zod, no Node, no DOM.
 *
 * A file's type is what its first bytes say (`sniffContentType`), never its name or the
 * type the browser guessed from the name: a text file called cover.png is refused, a
 * real PNG called cover.jpg is a PNG.
 */

export type UploadKind =
  | "image"
  | "artwork"
  | "photo"
  | "about-hero"
  | "video"
  | "featured-video"
  | "video-large"
  | "audio"
  | "pdf";

/** What the server answers once an upload is stored and checked. */
export interface UploadedFile {
  /** Public URL (/uploads/...) or, for private kinds, a private storage key (see below). */
  url: string;
  kind: UploadKind;
  /** The type the file's bytes showed, e.g. "image/png". */
  contentType: string;
  size: number;
  /** The name the file had on the artist's computer: for display only, never stored as a name. */
  originalName: string;
  /** Whether `url` is a private storage key (kept under DATA_DIR/private, never served). */
  private?: boolean;
  width?: number;
  height?: number;
  /** Whole seconds; absent when the format does not say (AAC, WebM) or could not be read. */
  durationSeconds?: number;
}

/** The resumable upload endpoint (tus protocol). */
export const UPLOAD_ENDPOINT = "/api/uploads";
/** Where a client that lost the final answer fetches it again: `${uploadUrl}/result`. */
export const UPLOAD_RESULT_SUFFIX = "/result";

const MB = 1024 * 1024;

/** Chunk size of the resumable upload (spec §9: 6 MB). */
export const UPLOAD_CHUNK_SIZE = 6 * MB;
/** tus-js-client's waits before each automatic retry of a failed request. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000];
/** An upload that makes no progress for this long is stopped (and can be resumed). */
export const UPLOAD_STALL_TIMEOUT_MS = 2 * 60_000;
/** Unfinished uploads (and kept answers) are removed after this long. */
export const UPLOAD_INCOMING_TTL_MS = 24 * 60 * 60_000;

export const UPLOAD_TEXT = {
  authRequired: "Authentication required. Please log in and try again.",
  forbidden: "This upload belongs to someone else.",
  notFound: "This upload was not found. Please choose the file again.",
  unknownKind: "File validation failed",
  rateLimited: "Too many uploads in a short time. Please wait a few minutes and try again.",
  failedPrefix: "Upload failed: ",
  timeout: "Upload timeout: no progress for 2 minutes. Please check your connection and try again.",
  connectionLost: "the connection was lost. Check your connection and press Retry.",
  interrupted: "the connection was interrupted. Press Retry to continue where it stopped.",
  loadFailed: "the uploader could not be loaded. Press Retry.",
  incomplete: "The upload is not complete yet.",
} as const;

/** A refusal: the spec's message, with the toast title where the spec gives one. */
export interface UploadRefusal {
  ok: false;
  /** unreadable: an audio file that says it is one, whose bytes cannot be read as audio. */
  reason: "type" | "size" | "unreadable";
  /** 415 for a type the kind does not take, 413 for a file over the limit, 422 unreadable. */
  status: 413 | 415 | 422;
  title?: string;
  message: string;
}
export type UploadCheck = { ok: true } | UploadRefusal;

/** A file format a kind takes: how the sniffer names it, how people call it, how pickers ask for it. */
export interface FileFormat {
  /** The content type as `sniffContentType` names it. */
  type: string;
  /** Its name in hints and messages ("MP4", "WebM"). */
  label: string;
  /** Content types and extensions the file picker offers for it. */
  accept: readonly string[];
}

export interface UploadKindRule {
  /** The formats this kind takes: its types, its picker's accept list and its hint come from here. */
  formats: readonly FileFormat[];
  /** Content types (as `sniffContentType` names them) this kind takes. */
  types: readonly string[];
  /** What the file picker offers (accept=). */
  accept: string;
  maxBytes: number;
  /** Private files go under DATA_DIR/private and are referred to by storage key. */
  private: boolean;
  /** Folder under DATA_DIR/uploads (public) or DATA_DIR/private (private). */
  folder: string;
  /** Images get width and height; their public variants are made on request. */
  image: boolean;
  typeMessage: { title?: string; message: string };
  sizeMessage: (size: number) => { title?: string; message: string };
}

const JPEG = "image/jpeg";
const PNG = "image/png";
const GIF = "image/gif";
const WEBP = "image/webp";
const PDF = "application/pdf";
const MP4 = "video/mp4";
const MOV = "video/quicktime";
const WEBM = "video/webm";
const OGV = "video/ogg";
const AVI = "video/x-msvideo";
const WMV = "video/x-ms-wmv";
const MP3 = "audio/mpeg";
const WAV = "audio/wav";
const OGG = "audio/ogg";
const AAC = "audio/aac";
const M4A = "audio/mp4";
const FLAC = "audio/flac";
const AUDIO_WEBM = "audio/webm";

/** "12.35" for 12.345 MB, as the home video form wrote it. */
export function megabytes(size: number): string {
  return (size / MB).toFixed(2);
}

const imageTooLarge = () => ({ message: "Please select an image smaller than 10MB" });

const format = (type: string, label: string, ...accept: string[]): FileFormat => ({
  type,
  label,
  accept,
});

/** The formats the back office takes, each with the picker's names for it. */
const FORMATS = {
  jpeg: format(JPEG, "JPEG", "image/jpeg", ".jpg", ".jpeg"),
  png: format(PNG, "PNG", "image/png", ".png"),
  gif: format(GIF, "GIF", "image/gif", ".gif"),
  webp: format(WEBP, "WebP", "image/webp", ".webp"),
  pdf: format(PDF, "PDF", "application/pdf", ".pdf"),
  mp4: format(MP4, "MP4", "video/mp4", ".mp4"),
  webm: format(WEBM, "WebM", "video/webm", ".webm"),
  ogv: format(OGV, "OGG", "video/ogg", ".ogv", ".ogg"),
  avi: format(AVI, "AVI", "video/x-msvideo", "video/avi", ".avi"),
  mov: format(MOV, "MOV", "video/quicktime", ".mov"),
  wmv: format(WMV, "WMV", "video/x-ms-wmv", ".wmv"),
  mp3: format(MP3, "MP3", "audio/mpeg", "audio/mp3", ".mp3"),
  wav: format(WAV, "WAV", "audio/wav", "audio/x-wav", ".wav"),
  ogg: format(OGG, "OGG", "audio/ogg", ".ogg", ".oga", ".opus"),
  aac: format(AAC, "AAC", "audio/aac", ".aac"),
  m4a: format(M4A, "M4A", "audio/mp4", "audio/x-m4a", ".m4a"),
  flac: format(FLAC, "FLAC", "audio/flac", ".flac"),
  // A WebM file sniffs as video/webm (its tracks are not read); as audio it is audio/webm.
  audioWebm: format(WEBM, "WebM", "audio/webm", ".webm"),
} as const;

/** The picker's accept= for a list of formats: content types first, then extensions. */
function acceptList(formats: readonly FileFormat[]): string {
  const tokens = [...new Set(formats.flatMap((f) => f.accept))];
  return [
    ...tokens.filter((t) => !t.startsWith(".")),
    ...tokens.filter((t) => t.startsWith(".")),
  ].join(",");
}

/** "MP4, MOV, AVI or WebM": the formats' names as a hint says them. */
export function formatNames(formats: readonly FileFormat[]): string {
  const names = formats.map((f) => f.label);
  return names.length > 1
    ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`
    : (names[0] ?? "");
}

/** A video kind's refusal: the spec's sentence, with the kind's own list of formats. */
const videoTypeMessage = (formats: readonly FileFormat[]) => ({
  message: `Invalid file type. Please select a video file (${formats.map((f) => f.label).join(", ")})`,
});

const videoTooLarge = (limitMb: number) => (size: number) => ({
  message: `File size (${megabytes(size)} MB) exceeds the maximum allowed size of ${limitMb}MB`,
});

type KindDeclaration = Omit<UploadKindRule, "types" | "accept" | "typeMessage"> & {
  typeMessage?: UploadKindRule["typeMessage"];
};

/** A kind's rule: its types and picker list from its formats (and a video's refusal too). */
function kindRule(declaration: KindDeclaration): UploadKindRule {
  const { formats } = declaration;
  return {
    ...declaration,
    types: [...new Set(formats.map((f) => f.type))],
    accept: acceptList(formats),
    typeMessage: declaration.typeMessage ?? videoTypeMessage(formats),
  };
}

const { jpeg, png, gif, webp, pdf, mp4, webm, ogv, avi, mov, wmv } = FORMATS;
const { mp3, wav, ogg, aac, m4a, flac, audioWebm } = FORMATS;

export const UPLOAD_KINDS: Record<UploadKind, UploadKindRule> = {
  image: kindRule({
    formats: [jpeg, png, webp, gif],
    maxBytes: 10 * MB,
    private: false,
    folder: "images",
    image: true,
    typeMessage: { message: "Please select a valid image file (JPEG, PNG, GIF, or WebP)" },
    sizeMessage: imageTooLarge,
  }),
  artwork: kindRule({
    formats: [jpeg, png, webp],
    maxBytes: 10 * MB,
    private: false,
    folder: "artwork",
    image: true,
    typeMessage: { message: "Please select a valid image file (JPEG, PNG, or WebP)" },
    sizeMessage: imageTooLarge,
  }),
  photo: kindRule({
    formats: [jpeg, png, gif, webp],
    maxBytes: 10 * MB,
    private: false,
    folder: "photo-gallery",
    image: true,
    typeMessage: {
      title: "Invalid file type",
      message: "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
    },
    sizeMessage: () => ({
      title: "File too large",
      message: "Please select an image smaller than 10MB",
    }),
  }),
  "about-hero": kindRule({
    formats: [png, jpeg],
    maxBytes: 10 * MB,
    private: false,
    folder: "images",
    image: true,
    typeMessage: { message: "Please select a valid image file (PNG or JPEG)" },
    sizeMessage: imageTooLarge,
  }),
  // The media form's video (admin spec §5 "Files": mp4, webm, ogg, avi, mov, wmv, 100 MB).
  video: kindRule({
    formats: [mp4, webm, ogv, avi, mov, wmv],
    maxBytes: 100 * MB,
    private: false,
    folder: "videos",
    image: false,
    sizeMessage: videoTooLarge(100),
  }),
  // The featured-videos screen's file (§5: mp4, mov, avi, webm, 100 MB stated).
  "featured-video": kindRule({
    formats: [mp4, mov, avi, webm],
    maxBytes: 100 * MB,
    private: false,
    folder: "videos",
    image: false,
    sizeMessage: videoTooLarge(100),
  }),
  // The home page's video and the LOE video (§5: the home video form states 1000 MB).
  "video-large": kindRule({
    formats: [mp4, mov, avi, webm],
    maxBytes: 1000 * MB,
    private: false,
    folder: "videos",
    image: false,
    sizeMessage: videoTooLarge(1000),
  }),
  audio: kindRule({
    formats: [mp3, wav, ogg, aac, m4a, flac, audioWebm],
    maxBytes: 1000 * MB,
    private: false,
    folder: "audio",
    image: false,
    typeMessage: {
      message: "Please select a valid audio file (MP3, WAV, OGG, AAC, FLAC, or WebM)",
    },
    sizeMessage: () => ({ message: "Please select an audio file smaller than 1GB (1000MB)" }),
  }),
  pdf: kindRule({
    formats: [pdf],
    maxBytes: 50 * MB,
    private: true,
    folder: "uploads",
    image: false,
    typeMessage: { message: "Please upload a PDF file" },
    sizeMessage: () => ({ message: "File is too large. Please use a file smaller than 50MB" }),
  }),
};

/** "MP4, MOV, AVI or WebM, up to 100 MB", from the kind's rule. */
export function uploadFormatsAndLimit(kind: UploadKind): string {
  const rule = UPLOAD_KINDS[kind];
  return `${formatNames(rule.formats)}, up to ${Math.round(rule.maxBytes / MB)} MB`;
}

/** The hint under a file field: "MP4, MOV, AVI or WebM, up to 100 MB." */
export function uploadHint(kind: UploadKind): string {
  return `${uploadFormatsAndLimit(kind)}.`;
}

/** Said under a field that takes files of hundreds of megabytes. */
export const LARGE_UPLOAD_HINT =
  "A large file goes up in parts and picks up where it stopped if the connection drops.";

/** What the spec shows when an audio file's length cannot be read (admin spec §5 "Files"). */
export const AUDIO_UNREADABLE = {
  title: "Audio processing failed",
  message: "Could not extract audio information. Please try a different file.",
} as const;

/** The refusal of an audio file whose bytes do not read as the audio they claim to be. */
export function audioUnreadable(): UploadRefusal {
  return { ok: false, reason: "unreadable", status: 422, ...AUDIO_UNREADABLE };
}

export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as UploadKind[];

/** The largest file any kind takes: the upload server's overall ceiling. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));

export function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === "string" && Object.hasOwn(UPLOAD_KINDS, value);
}

export function isImageKind(kind: UploadKind): boolean {
  return UPLOAD_KINDS[kind].image;
}

function refusal(kind: UploadKind, reason: "type" | "size", size: number): UploadRefusal {
  const rule = UPLOAD_KINDS[kind];
  const text = reason === "type" ? rule.typeMessage : rule.sizeMessage(size);
  return { ok: false, reason, status: reason === "type" ? 415 : 413, ...text };
}

/** Whether a declared size fits the kind (at upload creation, before any byte). */
export function checkUploadSize(kind: UploadKind, size: number): UploadCheck {
  return size > UPLOAD_KINDS[kind].maxBytes ? refusal(kind, "size", size) : { ok: true };
}

/**
 * Whether the file's declared type or its name's extension is one the kind's picker
 * offers: what the file says it is, which only ever chooses the words of a refusal.
 */
export function claimsKind(
  kind: UploadKind,
  file: { declaredType?: string | null; name?: string | null },
): boolean {
  const offered = UPLOAD_KINDS[kind].formats.flatMap((f) => f.accept);
  const type = (file.declaredType ?? "").toLowerCase();
  const extension = /\.[^.\\/]+$/.exec((file.name ?? "").toLowerCase())?.[0];
  return (
    (type !== "" && offered.includes(type)) ||
    (extension !== undefined && offered.includes(extension))
  );
}

/**
 * Whether a file may be stored as `kind`: its sniffed type must be one the kind takes
 * (an empty or unrecognised file is refused as the wrong type), and its size within
 * the kind's limit. An audio file whose name or type says it is audio but whose bytes
 * are not is a damaged recording: "Audio processing failed" rather than "wrong type".
 */
export function checkUpload(
  kind: UploadKind,
  file: {
    size: number;
    sniffedType: string | null;
    declaredType?: string | null;
    name?: string | null;
  },
): UploadCheck {
  const rule = UPLOAD_KINDS[kind];
  if (file.size <= 0 || !file.sniffedType || !rule.types.includes(file.sniffedType)) {
    if (kind === "audio" && file.size > 0 && !file.sniffedType && claimsKind(kind, file)) {
      return audioUnreadable();
    }
    return refusal(kind, "type", file.size);
  }
  return checkUploadSize(kind, file.size);
}

/** The type recorded for a stored file: an audio upload in a WebM container is audio/webm. */
export function storedContentType(kind: UploadKind, sniffedType: string): string {
  return kind === "audio" && sniffedType === WEBM ? AUDIO_WEBM : sniffedType;
}

const EXTENSIONS: Record<string, string> = {
  [JPEG]: "jpg",
  [PNG]: "png",
  [GIF]: "gif",
  [WEBP]: "webp",
  [PDF]: "pdf",
  [MP4]: "mp4",
  [MOV]: "mov",
  [WEBM]: "webm",
  [AUDIO_WEBM]: "webm",
  [OGV]: "ogv",
  [OGG]: "ogg",
  [AVI]: "avi",
  [WMV]: "wmv",
  [MP3]: "mp3",
  [WAV]: "wav",
  [AAC]: "aac",
  [M4A]: "m4a",
  [FLAC]: "flac",
};

/** The extension of a stored file, from its sniffed type (never from the user's name). */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? "bin";
}

// ---------------------------------------------------------------------------
// Content sniffing (magic bytes)
// ---------------------------------------------------------------------------

/** How many leading bytes `sniffContentType` needs to see. */
export const SNIFF_BYTES = 4096;

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (offset + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (offset + signature.length > bytes.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function indexOfAscii(bytes: Uint8Array, text: string, from: number, to: number): number {
  const end = Math.min(to, bytes.length - text.length);
  for (let i = from; i <= end; i++) if (ascii(bytes, i, text)) return i;
  return -1;
}

const ASF_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** Length of an ID3v2 tag at the start of `bytes` (header, body, footer), or null. */
export function id3TagLength(bytes: Uint8Array): number | null {
  if (!ascii(bytes, 0, "ID3") || bytes.length < 10) return null;
  const sizeBytes = [bytes[6]!, bytes[7]!, bytes[8]!, bytes[9]!];
  if (sizeBytes.some((b) => b & 0x80)) return null; // sizes are "syncsafe": 7 bits a byte
  const size = (sizeBytes[0]! << 21) | (sizeBytes[1]! << 14) | (sizeBytes[2]! << 7) | sizeBytes[3]!;
  const hasFooter = (bytes[5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/** An MPEG audio (layer I–III) frame header at `offset`. */
export function isMpegAudioFrameHeader(bytes: Uint8Array, offset = 0): boolean {
  if (offset + 4 > bytes.length) return false;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03; // 01 is reserved
  const layer = (b1 >> 1) & 0x03; // 00 is reserved (and is how AAC's ADTS looks)
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x03;
  return (
    version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && bitrate !== 0 && sampleRate !== 0x03
  );
}

/** An AAC ADTS frame header at `offset` (12-bit sync, layer 00). */
function isAdtsHeader(bytes: Uint8Array, offset = 0): boolean {
  if (offset + 7 > bytes.length) return false;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  return (
    bytes[offset] === 0xff &&
    (b1 & 0xf6) === 0xf0 &&
    ((b2 >> 2) & 0x0f) < 13 && // sampling frequency index
    ((b2 >> 6) & 0x03) !== 0x03 // profile 3 is reserved in MPEG-2 AAC
  );
}

function sniffFtyp(bytes: Uint8Array): string | null {
  if (!ascii(bytes, 4, "ftyp")) return null;
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  if (brand === "qt  ") return MOV;
  if (brand === "M4A " || brand === "M4B " || brand === "M4P ") return M4A;
  if (brand.startsWith("3g")) return MP4;
  // AVIF/HEIC are ISO-BMFF too; they are not videos.
  if (["avif", "avis", "heic", "heix", "mif1", "msf1"].includes(brand)) return null;
  return MP4;
}

function sniffOgg(bytes: Uint8Array): string {
  // The first page holds the first stream's header packet; Theora means a video.
  const window = Math.min(bytes.length, 512);
  return indexOfAscii(bytes, "theora", 27, window) !== -1 ? OGV : OGG;
}

function sniffEbml(bytes: Uint8Array): string | null {
  // The EBML header names its DocType: "webm" or "matroska".
  const window = Math.min(bytes.length, 128);
  if (indexOfAscii(bytes, "webm", 4, window) !== -1) return WEBM;
  return null; // Matroska (.mkv) and other EBML documents are not among the spec's types
}

/**
 * The content type that `bytes` (the start of a file, ideally SNIFF_BYTES long) shows,
 * or null when it is none of the types the back office takes.
 */
export function sniffContentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return GIF;
  if (ascii(bytes, 0, "RIFF") || ascii(bytes, 0, "RF64") || ascii(bytes, 0, "BW64")) {
    if (ascii(bytes, 8, "WEBP")) return ascii(bytes, 0, "RIFF") ? WEBP : null;
    if (ascii(bytes, 8, "WAVE")) return WAV;
    if (ascii(bytes, 8, "AVI ")) return ascii(bytes, 0, "RIFF") ? AVI : null;
    return null;
  }
  // A PDF's header may follow a little junk (the format allows up to 1 KB of it).
  if (indexOfAscii(bytes, "%PDF-", 0, 1024) !== -1) return PDF;
  const ftyp = sniffFtyp(bytes);
  if (ftyp) return ftyp;
  if (startsWith(bytes, EBML_MAGIC)) return sniffEbml(bytes);
  if (ascii(bytes, 0, "OggS")) return sniffOgg(bytes);
  if (startsWith(bytes, ASF_GUID)) return WMV;
  if (ascii(bytes, 0, "fLaC")) return FLAC;
  if (ascii(bytes, 0, "ID3")) {
    // An ID3 tag usually starts an MP3, but may sit in front of AAC or FLAC too.
    const tagLength = id3TagLength(bytes);
    if (tagLength !== null && tagLength + 4 <= bytes.length) {
      const after = bytes.subarray(tagLength);
      if (ascii(after, 0, "fLaC")) return FLAC;
      if (isAdtsHeader(after)) return AAC;
    }
    return MP3;
  }
  if (isAdtsHeader(bytes)) return AAC;
  if (isMpegAudioFrameHeader(bytes)) return MP3;
  return null;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

/**
 * Sniffs a whole file through a reader: the first SNIFF_BYTES, and when they start
 * with an ID3 tag longer than that (embedded cover art), the bytes right after it.
 */
export async function sniffFile(read: ByteReader, size: number): Promise<string | null> {
  if (size <= 0) return null;
  const head = await read(0, Math.min(size, SNIFF_BYTES));
  const type = sniffContentType(head);
  if (type !== MP3 || !ascii(head, 0, "ID3")) return type;
  const tagLength = id3TagLength(head);
  if (tagLength === null || tagLength + 4 <= head.length || tagLength >= size) return type;
  const after = await read(tagLength, Math.min(size - tagLength, 16));
  if (ascii(after, 0, "fLaC")) return FLAC;
  if (isAdtsHeader(after)) return AAC;
  return MP3;
}

/** A display name: the last path part, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 200);
}

// ---------------------------------------------------------------------------
// Answers of the upload server, as the field reads them
// ---------------------------------------------------------------------------

/** The stored file in an answer's body, or null when the body is something else. */
export function parseUploadedFile(body: string): UploadedFile | null {
  try {
    const value = JSON.parse(body) as Partial<UploadedFile> | null;
    if (
      value &&
      typeof value.url === "string" &&
      isUploadKind(value.kind) &&
      typeof value.contentType === "string" &&
      typeof value.size === "number"
    ) {
      return value as UploadedFile;
    }
  } catch {
    // not JSON
  }
  return null;
}

/** The `{ error, title? }` of a refusal's body, or null. */
export function parseUploadError(body: string): { error: string; title?: string } | null {
  try {
    const value = JSON.parse(body) as { error?: unknown; title?: unknown } | null;
    if (value && typeof value.error === "string" && value.error !== "") {
      return typeof value.title === "string"
        ? { error: value.error, title: value.title }
        : { error: value.error };
    }
  } catch {
    // not JSON
  }
  return null;
}
