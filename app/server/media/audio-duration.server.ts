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
 * Anything else (AAC, M4A, WebM) or a header that does not add up gives undefined: an
 * unknown duration never refuses an upload.
 */
import fs from "node:fs/promises";
import { id3TagLength, isMpegAudioFrameHeader, type ByteReader } from "~/domain/uploads";

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

// ---------------------------------------------------------------------------
// WAV
// ---------------------------------------------------------------------------

async function wavDuration(source: ByteSource): Promise<number | undefined> {
  const head = await source.read(0, 12);
  const form = text(head, 0, 4);
  if ((form !== "RIFF" && form !== "RF64" && form !== "BW64") || text(head, 8, 4) !== "WAVE") {
    return undefined;
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
  if (!byteRate || dataStart === undefined || dataSize === undefined) return undefined;
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

async function mp3Duration(source: ByteSource): Promise<number | undefined> {
  const head = await source.read(0, 10);
  const audioStart = id3TagLength(head) ?? 0;
  // The first frame: a header followed by another header where its length says.
  const window = await source.read(audioStart, 64 * 1024);
  let frameAt = -1;
  let frame: MpegFrame | null = null;
  for (let i = 0; i + 4 <= window.length; i++) {
    const candidate = parseMpegFrame(window, i);
    if (!candidate) continue;
    const next = i + candidate.frameLength;
    if (next + 4 <= window.length && !isMpegAudioFrameHeader(window, next)) continue;
    frameAt = i;
    frame = candidate;
    break;
  }
  if (!frame) return undefined;

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

  // Constant bit rate: the audio bytes over the bit rate (an ID3v1 tag at the end is not audio).
  let end = source.size;
  if (end >= 128) {
    const tail = await source.read(end - 128, 3);
    if (text(tail, 0, 3) === "TAG") end -= 128;
  }
  const audioBytes = end - (audioStart + frameAt);
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
  if (!stream || stream.rate <= 0) return undefined;
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
  return undefined;
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
    return undefined;
  }
  const info = bytes.subarray(8);
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const totalSamples = (info[13]! & 0x0f) * 2 ** 32 + view(info).getUint32(14, false);
  if (sampleRate === 0 || totalSamples === 0) return undefined;
  return seconds(totalSamples / sampleRate);
}

// ---------------------------------------------------------------------------

const READERS: Record<string, (source: ByteSource) => Promise<number | undefined>> = {
  "audio/wav": wavDuration,
  "audio/mpeg": mp3Duration,
  "audio/ogg": oggDuration,
  "audio/flac": flacDuration,
};

/**
 * Whole seconds of audio in `source` of the given (sniffed) type, or undefined when
 * the format does not say or the header does not add up. Never throws.
 */
export async function readAudioDuration(
  source: ByteSource,
  contentType: string,
): Promise<number | undefined> {
  const reader = READERS[contentType];
  if (!reader || source.size <= 0) return undefined;
  try {
    return await reader(source);
  } catch {
    return undefined;
  }
}

/** readAudioDuration for a file on disk. */
export async function readAudioFileDuration(
  file: string,
  contentType: string,
): Promise<number | undefined> {
  if (!READERS[contentType]) return undefined;
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    return await readAudioDuration(fileHandleSource(handle, size), contentType);
  } finally {
    await handle.close();
  }
}
