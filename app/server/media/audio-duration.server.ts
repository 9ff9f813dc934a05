/**
 * The length of an uploaded audio file, in whole seconds, read from its headers without
 * decoding (admin spec §5 "Files": "duration read in whole seconds"). Reads a few
 * kilobytes at most, so a 1 GB file costs the same as a small one:
 *
 * - WAV: the fmt chunk's byte rate and the data chunk's size (RF64's ds64 for > 4 GB);
 * - MP3: the Xing/Info or VBRI header's frame count when there is one, else the first
 *   frame's bit rate over the audio bytes (exact for constant bit rate files);
 * - Ogg (Vorbis, Opus, FLAC): the last page's granule position over the sample rate;
 * - FLAC: STREAMINFO's total samples over its sample rate.
 *
 * Reading also tells whether the bytes are the audio they start like (`readAudio`): a
 * WAV without a format or data chunk, an MP3 whose frames do not follow one another at
 * the start and at the end, an Ogg stream with no last page, a FLAC without STREAMINFO
 * are unreadable, and an upload of one is refused (decision 028). A readable file whose
 * header does not state its length (FLAC written as a stream) has no duration. AAC, M4A
 * and WebM are not read: they pass, without a duration.
 */
import fs from "node:fs/promises";
import { id3TagLength, isMpegAudioFrameHeader, type ByteReader } from "~/domain/media/uploads";

export interface ByteSource {
  size: number;
  read: ByteReader;
}

/** A byte source over bytes in memory (tests, small files). */
export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

/** Positional reads from an open file. */
export function fileHandleSource(handle: fs.FileHandle, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const wanted = Math.max(0, Math.min(length, size - offset));
      const buffer = Buffer.alloc(wanted);
      let done = 0;
      while (done < wanted) {
        const { bytesRead } = await handle.read(buffer, done, wanted - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return new Uint8Array(buffer.buffer, buffer.byteOffset, done);
    },
  };
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const text = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

function seconds(value: number): number | undefined {
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** The bytes are not the audio they start like. */
class Unreadable extends Error {}

function unreadable(reason: string): never {
  throw new Unreadable(reason);
}

/** What reading an audio file found. */
export type AudioReading =
  { readable: true; durationSeconds?: number } | { readable: false; reason: string };

// ---------------------------------------------------------------------------
// WAV
// ---------------------------------------------------------------------------

async function wavDuration(source: ByteSource): Promise<number | undefined> {
  const head = await source.read(0, 12);
  const form = text(head, 0, 4);
  if ((form !== "RIFF" && form !== "RF64" && form !== "BW64") || text(head, 8, 4) !== "WAVE") {
    unreadable("no RIFF/WAVE header");
  }
  let offset = 12;
  let byteRate: number | undefined;
  let dataSize: number | undefined;
  let dataStart: number | undefined;
  let ds64DataSize: number | undefined;
  // Walk the chunks: id (4), size (4, little-endian), body padded to an even length.
  for (let guard = 0; guard < 64 && offset + 8 <= source.size; guard++) {
    const header = await source.read(offset, 8);
    if (header.length < 8) break;
    const id = text(header, 0, 4);
    const size = view(header).getUint32(4, true);
    const body = offset + 8;
    if (id === "ds64") {
      const ds64 = await source.read(body, 16);
      if (ds64.length === 16) ds64DataSize = Number(view(ds64).getBigUint64(8, true));
    } else if (id === "fmt ") {
      const fmt = await source.read(body, 16);
      if (fmt.length >= 12) byteRate = view(fmt).getUint32(8, true);
    } else if (id === "data") {
      dataStart = body;
      dataSize = size === 0xffffffff && ds64DataSize !== undefined ? ds64DataSize : size;
      break;
    }
    offset = body + size + (size % 2);
  }
  if (!byteRate) unreadable("no byte rate in a fmt chunk");
  if (dataStart === undefined || dataSize === undefined) unreadable("no data chunk");
  // A writer that never came back to fill in the size leaves 0 or 0xFFFFFFFF.
  const available = source.size - dataStart;
  const bytes = dataSize === 0 || dataSize > available ? available : dataSize;
  return seconds(bytes / byteRate);
}

// ---------------------------------------------------------------------------
// MP3
// ---------------------------------------------------------------------------

const BITRATES_KBPS: Record<string, readonly number[]> = {
  "1-1": [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  "1-2": [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "1-3": [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2-1": [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  "2-2": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  "2-3": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

export interface MpegFrame {
  /** 1 for MPEG-1, 2 for MPEG-2 and 2.5 (same tables). */
  mpeg: 1 | 2;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  samplesPerFrame: number;
  frameLength: number;
  mono: boolean;
}

/** The MPEG audio frame header at `offset`, or null. */
export function parseMpegFrame(bytes: Uint8Array, offset = 0): MpegFrame | null {
  if (!isMpegAudioFrameHeader(bytes, offset)) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  const versionBits = (b1 >> 3) & 0x03;
  const mpeg = versionBits === 3 ? 1 : 2;
  const layer = (4 - ((b1 >> 1) & 0x03)) as 1 | 2 | 3;
  const bitrate = BITRATES_KBPS[`${mpeg}-${layer}`]![b2 >> 4]! * 1000;
  const sampleRate = SAMPLE_RATES[versionBits]![(b2 >> 2) & 0x03]!;
  const padding = (b2 >> 1) & 0x01;
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && mpeg === 2 ? 576 : 1152;
  const frameLength =
    layer === 1
      ? Math.floor((12 * bitrate) / sampleRate + padding) * 4
      : Math.floor((samplesPerFrame / 8) * (bitrate / sampleRate)) + padding;
  return {
    mpeg,
    layer,
    bitrate,
    sampleRate,
    samplesPerFrame,
    frameLength,
    mono: b3 >> 6 === 0x03,
  };
}

/** How far into the audio (and back from its end) frames are looked for. */
const MP3_WINDOW = 64 * 1024;
/** Frames that must follow one another, each where the one before says it ends. */
const MP3_CHAIN = 3;

/**
 * Where in `bytes` the first run of MP3_CHAIN frames starts, each header where the one
 * before ends and of the same MPEG version, layer and sample rate; -1 when there is none.
 * One header alone proves little: two random bytes pass for one about once in 3000.
 */
export function findFrameChain(bytes: Uint8Array, from = 0): number {
  for (let i = from; i + 4 <= bytes.length; i++) {
    const first = parseMpegFrame(bytes, i);
    if (!first) continue;
    let at = i;
    let length = 1;
    for (; length < MP3_CHAIN; length++) {
      at += parseMpegFrame(bytes, at)!.frameLength;
      const next = parseMpegFrame(bytes, at);
      if (
        !next ||
        next.mpeg !== first.mpeg ||
        next.layer !== first.layer ||
        next.sampleRate !== first.sampleRate
      ) {
        break;
      }
    }
    if (length === MP3_CHAIN) return i;
  }
  return -1;
}

/** The end of the audio: before an ID3v1 tag and an APEv2 tag, which some taggers add. */
async function mp3AudioEnd(source: ByteSource): Promise<number> {
  let end = source.size;
  if (end >= 128 && text(await source.read(end - 128, 3), 0, 3) === "TAG") end -= 128;
  if (end >= 32) {
    const footer = await source.read(end - 32, 32);
    if (text(footer, 0, 8) === "APETAGEX") {
      const size = view(footer).getUint32(12, true); // items and footer
      const hasHeader = (view(footer).getUint32(20, true) & 0x80000000) !== 0;
      end -= size + (hasHeader ? 32 : 0);
    }
  }
  return Math.max(0, end);
}

/** A file cut short or filled with something else after a good start ends without frames. */
async function checkMp3Tail(source: ByteSource, headEnd: number): Promise<void> {
  const end = await mp3AudioEnd(source);
  if (end <= headEnd) return; // the start's window already covered the whole file
  const start = Math.max(headEnd - 4 * 1024, end - MP3_WINDOW);
  const tail = await source.read(start, end - start);
  if (findFrameChain(tail) === -1) unreadable("no run of MPEG frames at the end");
}

async function mp3Duration(source: ByteSource): Promise<number | undefined> {
  const head = await source.read(0, 10);
  const audioStart = id3TagLength(head) ?? 0;
  // The first frame: a header followed by another header where its length says.
  const window = await source.read(audioStart, MP3_WINDOW);
  const frameAt = findFrameChain(window);
  if (frameAt === -1) unreadable("no run of MPEG frames at the start");
  const frame = parseMpegFrame(window, frameAt)!;
  await checkMp3Tail(source, audioStart + window.length);

  // Xing/Info (LAME and most encoders) sits after the side information of frame one.
  const sideInfo = frame.mpeg === 1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xingAt = frameAt + 4 + sideInfo;
  const tag = text(window, xingAt, 4);
  if ((tag === "Xing" || tag === "Info") && xingAt + 12 <= window.length) {
    const flags = view(window).getUint32(xingAt + 4, false);
    if (flags & 0x01) {
      const frames = view(window).getUint32(xingAt + 8, false);
      if (frames > 0) return seconds((frames * frame.samplesPerFrame) / frame.sampleRate);
    }
  }
  // VBRI (Fraunhofer) always sits 32 bytes after the header.
  const vbriAt = frameAt + 4 + 32;
  if (text(window, vbriAt, 4) === "VBRI" && vbriAt + 18 <= window.length) {
    const frames = view(window).getUint32(vbriAt + 14, false);
    if (frames > 0) return seconds((frames * frame.samplesPerFrame) / frame.sampleRate);
  }

  // Constant bit rate: the audio bytes over the bit rate (tags at the end are not audio).
  const audioBytes = (await mp3AudioEnd(source)) - (audioStart + frameAt);
  return seconds((audioBytes * 8) / frame.bitrate);
}

// ---------------------------------------------------------------------------
// Ogg
// ---------------------------------------------------------------------------

interface OggStream {
  serial: number;
  /** Granule positions count samples at this rate. */
  rate: number;
  /** Opus: samples to drop at the start. */
  preSkip: number;
}

async function oggStream(source: ByteSource): Promise<OggStream | null> {
  // The first page holds only the identification header: well inside 4 KB.
  const page = await source.read(0, 4096);
  if (text(page, 0, 4) !== "OggS" || page.length < 27) return null;
  const serial = view(page).getUint32(14, true);
  const segments = page[26]!;
  const packet = page.subarray(27 + segments);
  if (text(packet, 0, 7) === "\x01vorbis" && packet.length >= 16) {
    return { serial, rate: view(packet).getUint32(12, true), preSkip: 0 };
  }
  if (text(packet, 0, 8) === "OpusHead" && packet.length >= 12) {
    return { serial, rate: 48000, preSkip: view(packet).getUint16(10, true) };
  }
  // FLAC in Ogg: 0x7F "FLAC", version (2), header count (2), "fLaC", STREAMINFO block.
  if (text(packet, 0, 5) === "\x7fFLAC" && text(packet, 9, 4) === "fLaC" && packet.length >= 38) {
    const streamInfo = packet.subarray(17);
    const rate = (streamInfo[10]! << 12) | (streamInfo[11]! << 4) | (streamInfo[12]! >> 4);
    return rate > 0 ? { serial, rate, preSkip: 0 } : null;
  }
  return null;
}

async function oggDuration(source: ByteSource): Promise<number | undefined> {
  const stream = await oggStream(source);
  if (!stream || stream.rate <= 0) unreadable("no Vorbis, Opus or FLAC stream header");
  // The last page of the stream carries the total sample count; pages are < 64 KB.
  const tailLength = Math.min(source.size, 65_307 * 2);
  const tail = await source.read(source.size - tailLength, tailLength);
  const v = view(tail);
  for (let i = tail.length - 27; i >= 0; i--) {
    if (tail[i] !== 0x4f || text(tail, i, 4) !== "OggS") continue;
    if (v.getUint32(i + 14, true) !== stream.serial) continue;
    const granule = v.getBigInt64(i + 6, true);
    if (granule < 0n) continue; // -1: no packet ends on this page
    return seconds((Number(granule) - stream.preSkip) / stream.rate);
  }
  unreadable("no last page of the stream");
}

// ---------------------------------------------------------------------------
// FLAC
// ---------------------------------------------------------------------------

async function flacDuration(source: ByteSource): Promise<number | undefined> {
  const head = await source.read(0, 10);
  const start = id3TagLength(head) ?? 0;
  const bytes = await source.read(start, 4 + 4 + 34);
  // "fLaC", then the first metadata block, which must be STREAMINFO (type 0).
  if (text(bytes, 0, 4) !== "fLaC" || bytes.length < 42 || (bytes[4]! & 0x7f) !== 0) {
    unreadable("no STREAMINFO block");
  }
  const info = bytes.subarray(8);
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const totalSamples = (info[13]! & 0x0f) * 2 ** 32 + view(info).getUint32(14, false);
  if (sampleRate === 0) unreadable("a sample rate of 0");
  // 0 samples: the encoder did not know the length (a stream); the file is fine.
  return totalSamples === 0 ? undefined : seconds(totalSamples / sampleRate);
}

// ---------------------------------------------------------------------------

const READERS: Record<string, (source: ByteSource) => Promise<number | undefined>> = {
  "audio/wav": wavDuration,
  "audio/mpeg": mp3Duration,
  "audio/ogg": oggDuration,
  "audio/flac": flacDuration,
};

/**
 * Whether `source` reads as audio of the given (sniffed) type, and its whole seconds
 * when the header says. Types without a reader (AAC, M4A, WebM) read as readable with
 * no duration. Never throws.
 */
export async function readAudio(source: ByteSource, contentType: string): Promise<AudioReading> {
  const reader = READERS[contentType];
  if (!reader) return { readable: true };
  if (source.size <= 0) return { readable: false, reason: "an empty file" };
  try {
    const durationSeconds = await reader(source);
    return durationSeconds === undefined ? { readable: true } : { readable: true, durationSeconds };
  } catch (error) {
    return { readable: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whole seconds of audio in `source` of the given (sniffed) type, or undefined when
 * the format does not say or the bytes do not add up. Never throws.
 */
export async function readAudioDuration(
  source: ByteSource,
  contentType: string,
): Promise<number | undefined> {
  const reading = await readAudio(source, contentType);
  return reading.readable ? reading.durationSeconds : undefined;
}

/** readAudio for a file on disk. */
export async function readAudioFile(file: string, contentType: string): Promise<AudioReading> {
  if (!READERS[contentType]) return { readable: true };
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    return await readAudio(fileHandleSource(handle, size), contentType);
  } finally {
    await handle.close();
  }
}

/** readAudioDuration for a file on disk. */
export async function readAudioFileDuration(
  file: string,
  contentType: string,
): Promise<number | undefined> {
  const reading = await readAudioFile(file, contentType);
  return reading.readable ? reading.durationSeconds : undefined;
}
