/**
 * WAV files for the upload tests: a 44-byte PCM header, then the samples. The content
 * sniffer takes them as audio; noise makes every file unique, a tone makes it audible.
 */
import crypto from "node:crypto";

const HEADER_BYTES = 44;

/** A PCM WAV header for `dataBytes` of 16-bit samples, written at the start of `b`. */
export function writeWavHeader(
  b: Buffer,
  dataBytes: number,
  { sampleRate = 44_100, channels = 2 }: { sampleRate?: number; channels?: number } = {},
): void {
  const blockAlign = channels * 2;
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write("WAVEfmt ", 8, "ascii");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * blockAlign, 28);
  b.writeUInt16LE(blockAlign, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "ascii");
  b.writeUInt32LE(dataBytes, 40);
}

/** A 16-bit stereo 44.1 kHz WAV of exactly `size` bytes, with random noise for samples. */
export function noiseWav(size: number): Buffer {
  const b = Buffer.alloc(size);
  writeWavHeader(b, size - HEADER_BYTES);
  crypto.randomFillSync(b, HEADER_BYTES);
  return b;
}

/** A mono 16-bit WAV of `seconds` of silence at `sampleRate`. */
export function silentWav(seconds: number, sampleRate = 8_000): Buffer {
  const dataBytes = seconds * sampleRate * 2;
  const b = Buffer.alloc(HEADER_BYTES + dataBytes);
  writeWavHeader(b, dataBytes, { sampleRate, channels: 1 });
  return b;
}
