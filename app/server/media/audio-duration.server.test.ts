import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Mp3Encoder } from "@breezystack/lamejs";
import {
  bufferSource,
  findFrameChain,
  parseMpegFrame,
  readAudio,
  readAudioDuration,
  readAudioFile,
  readAudioFileDuration,
} from "./audio-duration.server";

/** A 16-bit PCM WAV of `seconds` of silence. */
function wav(seconds: number, { sampleRate = 8000, channels = 1, extraChunk = false } = {}) {
  const dataBytes = Math.round(seconds * sampleRate) * channels * 2;
  const extra = extraChunk ? 8 + 5 + 1 : 0; // a LIST chunk of odd size, padded
  const buffer = Buffer.alloc(44 + extra + dataBytes);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + extra + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * 2, 28);
  buffer.writeUInt16LE(channels * 2, 32);
  buffer.writeUInt16LE(16, 34);
  let at = 36;
  if (extraChunk) {
    buffer.write("LIST", at, "ascii");
    buffer.writeUInt32LE(5, at + 4);
    buffer.write("abcde", at + 8, "ascii");
    at += extra;
  }
  buffer.write("data", at, "ascii");
  buffer.writeUInt32LE(dataBytes, at + 4);
  return buffer;
}

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames of 1152 samples. */
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0x00];
const FRAME_LENGTH = 417;

function mp3Frames(count: number): Buffer {
  const buffer = Buffer.alloc(count * FRAME_LENGTH);
  for (let i = 0; i < count; i++) buffer.set(FRAME_HEADER, i * FRAME_LENGTH);
  return buffer;
}

function id3Tag(bodyLength: number): Buffer {
  const tag = Buffer.alloc(10 + bodyLength);
  tag.write("ID3", 0, "ascii");
  tag[3] = 4;
  tag[6] = (bodyLength >> 21) & 0x7f;
  tag[7] = (bodyLength >> 14) & 0x7f;
  tag[8] = (bodyLength >> 7) & 0x7f;
  tag[9] = bodyLength & 0x7f;
  return tag;
}

function oggPage(options: {
  serial: number;
  granule: bigint;
  packet: Buffer;
  headerType?: number;
}): Buffer {
  const page = Buffer.alloc(27 + 1 + options.packet.length);
  page.write("OggS", 0, "ascii");
  page[5] = options.headerType ?? 0;
  page.writeBigInt64LE(options.granule, 6);
  page.writeUInt32LE(options.serial, 14);
  page[26] = 1;
  page[27] = options.packet.length;
  options.packet.copy(page, 28);
  return page;
}

function flacStreamInfo(sampleRate: number, totalSamples: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  // 20 bits sample rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits samples.
  info[10] = (sampleRate >> 12) & 0xff;
  info[11] = (sampleRate >> 4) & 0xff;
  info[12] = ((sampleRate & 0x0f) << 4) | (1 << 1) | 0; // stereo, bps high bit 0
  info[13] = (15 << 4) | Math.floor(totalSamples / 2 ** 32); // 16 bits per sample
  info.writeUInt32BE(totalSamples % 2 ** 32, 14);
  return info;
}

const duration = (bytes: Uint8Array, type: string) => readAudioDuration(bufferSource(bytes), type);

describe("WAV", () => {
  it("reads seconds from the byte rate and the data chunk, rounded", async () => {
    expect(await duration(wav(2), "audio/wav")).toBe(2);
    expect(await duration(wav(3.4, { sampleRate: 22050, channels: 2 }), "audio/wav")).toBe(3);
    expect(await duration(wav(3.6), "audio/wav")).toBe(4);
  });

  it("walks past other chunks, padding included", async () => {
    expect(await duration(wav(5, { extraChunk: true }), "audio/wav")).toBe(5);
  });

  it("uses the file's length when the writer never filled in the data size", async () => {
    const file = wav(7);
    file.writeUInt32LE(0xffffffff, 40);
    expect(await duration(file, "audio/wav")).toBe(7);
  });

  it("gives undefined for a header that does not add up", async () => {
    expect(await duration(Buffer.from("RIFF\0\0\0\0WAVE"), "audio/wav")).toBeUndefined();
    const noRate = wav(1);
    noRate.writeUInt32LE(0, 28);
    expect(await duration(noRate, "audio/wav")).toBeUndefined();
  });
});

describe("MP3", () => {
  it("parses a frame header", () => {
    expect(parseMpegFrame(Uint8Array.from(FRAME_HEADER))).toMatchObject({
      mpeg: 1,
      layer: 3,
      bitrate: 128_000,
      sampleRate: 44_100,
      samplesPerFrame: 1152,
      frameLength: FRAME_LENGTH,
      mono: false,
    });
  });

  it("reads a constant bit rate file from its size", async () => {
    // 383 frames × 1152 samples / 44100 Hz = 10.005 s
    expect(await duration(mp3Frames(383), "audio/mpeg")).toBe(10);
  });

  it("skips an ID3v2 tag in front and an ID3v1 tag at the end", async () => {
    const v1 = Buffer.alloc(128);
    v1.write("TAG", 0, "ascii");
    const file = Buffer.concat([id3Tag(5000), mp3Frames(383), v1]);
    expect(await duration(file, "audio/mpeg")).toBe(10);
  });

  it("believes a Xing header's frame count (variable bit rate)", async () => {
    const file = mp3Frames(20);
    const xing = 4 + 32; // after the side information of a stereo MPEG-1 frame
    file.write("Xing", xing, "ascii");
    file.writeUInt32BE(0x0001, xing + 4);
    file.writeUInt32BE(3828, xing + 8); // 3828 × 1152 / 44100 = 100.0 s
    expect(await duration(file, "audio/mpeg")).toBe(100);
  });

  it("believes a VBRI header's frame count", async () => {
    const file = mp3Frames(20);
    const vbri = 4 + 32;
    file.write("VBRI", vbri, "ascii");
    file.writeUInt32BE(1914, vbri + 14); // 50.0 s
    expect(await duration(file, "audio/mpeg")).toBe(50);
  });

  it("gives undefined when no frame is found", async () => {
    expect(
      await duration(Buffer.from("ID3 but then nothing at all"), "audio/mpeg"),
    ).toBeUndefined();
  });
});

describe("Ogg", () => {
  it("reads Vorbis: the last granule over the sample rate", async () => {
    const id = Buffer.alloc(30);
    id.write("\x01vorbis", 0, "latin1");
    id.writeUInt32LE(44_100, 12);
    const file = Buffer.concat([
      oggPage({ serial: 7, granule: 0n, packet: id, headerType: 2 }),
      oggPage({ serial: 7, granule: -1n, packet: Buffer.alloc(20) }),
      oggPage({ serial: 7, granule: BigInt(44_100 * 12 + 100), packet: Buffer.alloc(20) }),
      oggPage({ serial: 8, granule: BigInt(44_100 * 99), packet: Buffer.alloc(5) }), // another stream
    ]);
    expect(await duration(file, "audio/ogg")).toBe(12);
  });

  it("reads Opus at 48 kHz, minus the pre-skip", async () => {
    const head = Buffer.alloc(19);
    head.write("OpusHead", 0, "ascii");
    head[8] = 1;
    head[9] = 2;
    head.writeUInt16LE(312, 10);
    head.writeUInt32LE(44_100, 12); // the input's rate: not the granule rate
    const file = Buffer.concat([
      oggPage({ serial: 1, granule: 0n, packet: head, headerType: 2 }),
      oggPage({ serial: 1, granule: BigInt(48_000 * 30 + 312), packet: Buffer.alloc(10) }),
    ]);
    expect(await duration(file, "audio/ogg")).toBe(30);
  });

  it("gives undefined for an unknown codec", async () => {
    const file = oggPage({ serial: 1, granule: 0n, packet: Buffer.from("\x80theora-ish") });
    expect(await duration(file, "audio/ogg")).toBeUndefined();
  });
});

describe("FLAC", () => {
  it("reads STREAMINFO's total samples over its sample rate", async () => {
    const file = Buffer.concat([
      Buffer.from("fLaC"),
      Buffer.from([0x80, 0, 0, 34]), // last block, STREAMINFO, 34 bytes
      flacStreamInfo(96_000, 96_000 * 61),
    ]);
    expect(await duration(file, "audio/flac")).toBe(61);
  });

  it("reads totals past 32 bits", async () => {
    const samples = 2 ** 32 + 44_100 * 10;
    const file = Buffer.concat([
      Buffer.from("fLaC"),
      Buffer.from([0x80, 0, 0, 34]),
      flacStreamInfo(44_100, samples),
    ]);
    expect(await duration(file, "audio/flac")).toBe(Math.round(samples / 44_100));
  });

  it("gives undefined when the total is unknown (0)", async () => {
    const file = Buffer.concat([
      Buffer.from("fLaC"),
      Buffer.from([0x80, 0, 0, 34]),
      flacStreamInfo(44_100, 0),
    ]);
    expect(await duration(file, "audio/flac")).toBeUndefined();
  });
});

describe("what cannot be read", () => {
  it("gives undefined for AAC, M4A and WebM, and for garbage, without throwing", async () => {
    const junk = Buffer.from("definitely not audio");
    for (const type of [
      "audio/aac",
      "audio/mp4",
      "audio/webm",
      "audio/wav",
      "audio/flac",
      "audio/ogg",
    ]) {
      expect(await duration(junk, type), type).toBeUndefined();
    }
    expect(await duration(new Uint8Array(), "audio/wav")).toBeUndefined();
  });
});

/** A real MP3 from the LAME port: `seconds` of a tone, mono MPEG-2 layer III at 64 kbit/s. */
function lameMp3(seconds: number): Buffer {
  const encoder = new Mp3Encoder(1, 22_050, 64);
  const samples = new Int16Array(22_050 * seconds);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin(i / 8));
  const parts = [encoder.encodeBuffer(samples), encoder.flush()];
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

/** Bytes that look random but are the same every run. */
function noise(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe("whether the bytes read as audio", () => {
  const read = (bytes: Uint8Array, type: string) => readAudio(bufferSource(bytes), type);

  it("reads a real MP3 with its length", async () => {
    expect(await read(lameMp3(3), "audio/mpeg")).toEqual({ readable: true, durationSeconds: 3 });
  });

  it("finds frames only where three follow one another", () => {
    expect(findFrameChain(mp3Frames(3))).toBe(0);
    expect(findFrameChain(mp3Frames(2))).toBe(-1);
    expect(findFrameChain(Buffer.concat([Buffer.alloc(7), mp3Frames(3)]))).toBe(7);
    expect(findFrameChain(noise(64 * 1024))).toBe(-1);
  });

  it("refuses a real MP3 cut off after its first frame or two", async () => {
    const cut = lameMp3(3).subarray(0, 400);
    expect(await read(cut, "audio/mpeg")).toMatchObject({ readable: false });
  });

  it("refuses an MP3 tag or a frame header followed by noise", async () => {
    expect(await read(Buffer.concat([id3Tag(100), noise(100_000)]), "audio/mpeg")).toMatchObject({
      readable: false,
    });
    const oneHeader = Buffer.concat([Buffer.from(FRAME_HEADER), noise(100_000)]);
    expect(await read(oneHeader, "audio/mpeg")).toMatchObject({ readable: false });
  });

  it("refuses an MP3 that starts well and turns to noise (frames missing at its end)", async () => {
    const file = Buffer.concat([mp3Frames(200), noise(200_000)]);
    expect(await read(file, "audio/mpeg")).toMatchObject({
      readable: false,
      reason: expect.stringContaining("end"),
    });
    // Tags after the audio are not noise.
    const ape = Buffer.alloc(32 + 100);
    ape.write("APETAGEX", 100, "ascii");
    ape.writeUInt32LE(2000, 108);
    ape.writeUInt32LE(132, 112); // items (100) and footer (32)
    const tagged = Buffer.concat([mp3Frames(300), ape]);
    expect(await read(tagged, "audio/mpeg")).toMatchObject({ readable: true });
  });

  it("refuses a WAV without a data chunk, Ogg without a last page, FLAC without STREAMINFO", async () => {
    expect(await read(wav(1).subarray(0, 36), "audio/wav")).toMatchObject({ readable: false });
    const vorbis = Buffer.alloc(30);
    vorbis.write("\x01vorbis", 0, "latin1");
    vorbis.writeUInt32LE(44_100, 12);
    const onlyFirstPage = oggPage({ serial: 9, granule: -1n, packet: vorbis, headerType: 2 });
    expect(await read(onlyFirstPage, "audio/ogg")).toMatchObject({ readable: false });
    expect(await read(Buffer.from("fLaC\x00\x00"), "audio/flac")).toMatchObject({
      readable: false,
    });
  });

  it("takes a FLAC that does not state its length, without a duration", async () => {
    const file = Buffer.concat([
      Buffer.from("fLaC"),
      Buffer.from([0x80, 0, 0, 34]),
      flacStreamInfo(44_100, 0),
    ]);
    expect(await read(file, "audio/flac")).toEqual({ readable: true });
  });

  it("takes AAC, M4A and WebM unread", async () => {
    for (const type of ["audio/aac", "audio/mp4", "audio/webm"]) {
      expect(await read(noise(100), type)).toEqual({ readable: true });
    }
  });
});

describe("files on disk", () => {
  const dir = fs.mkdtemp(path.join(os.tmpdir(), "audio-duration-"));
  afterAll(async () => fs.rm(await dir, { recursive: true, force: true }));

  it("reads a WAV file through positional reads", async () => {
    const file = path.join(await dir, "take.wav");
    await fs.writeFile(file, wav(9, { sampleRate: 16_000, channels: 2 }));
    expect(await readAudioFileDuration(file, "audio/wav")).toBe(9);
    expect(await readAudioFileDuration(file, "audio/aac")).toBeUndefined();
  });

  it("tells a damaged MP3 on disk from a good one", async () => {
    const good = path.join(await dir, "good.mp3");
    const bad = path.join(await dir, "bad.mp3");
    await fs.writeFile(good, lameMp3(2));
    await fs.writeFile(bad, Buffer.concat([lameMp3(2).subarray(0, 300), noise(90_000)]));
    expect(await readAudioFile(good, "audio/mpeg")).toEqual({ readable: true, durationSeconds: 2 });
    expect(await readAudioFile(bad, "audio/mpeg")).toMatchObject({ readable: false });
  });
});
