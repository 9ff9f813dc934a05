/**
 * Reads a ZIP archive back through its central directory for tests, inflating each file
 * and checking its CRC (written apart from core/zip.server.ts, so that a mistake in one
 * does not hide in the other).
 */
import { crc32, inflateRawSync } from "node:zlib";

export function readZip(zip: Buffer): Record<string, Buffer> {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error("no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header: ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(start, start + packedSize));
    if (crc32(data) !== crc) throw new Error(`CRC mismatch: ${name}`);
    files[name] = data;
    at += 46 + nameLength;
  }
  return files;
}
