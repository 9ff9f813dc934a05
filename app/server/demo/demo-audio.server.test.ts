import { describe, expect, it } from "vitest";
import { DEMO_SAMPLE_RATE, encodeWav, synthesiseTune, walkingLine } from "./demo-audio.server";
import { createRandom } from "./demo-random.server";

const m7 = [3, 7, 10];
const dom7 = [4, 7, 10];

describe("demo audio", () => {
  it("walks: roots on the first beat, a half-step approach into the next chord", () => {
    const chords = [
      { root: 43, tones: m7, beats: 4 },
      { root: 36, tones: dom7, beats: 4 },
    ];
    const line = walkingLine(chords, createRandom("x"));
    expect(line).toHaveLength(8);
    expect(line[0]).toBe(43);
    expect(line[4]).toBe(36);
    expect(Math.abs(line[3]! - 36)).toBe(1);
    expect(Math.abs(line[7]! - 43)).toBe(1);
  });

  it("writes a 16-bit mono PCM WAV header", () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5]));
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(DEMO_SAMPLE_RATE);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(8);
    expect([wav.readInt16LE(46), wav.readInt16LE(48)]).toEqual([32767, -32767]);
  });

  it("synthesises a tune of the expected length, loud but never clipping", () => {
    const { wav, durationSeconds } = synthesiseTune({
      seed: "t",
      bpm: 120,
      chords: [
        { root: 41, tones: m7, beats: 4 },
        { root: 46, tones: dom7, beats: 4 },
      ],
      melody: [{ midi: 55, beats: 4 }],
    });
    expect(durationSeconds).toBeCloseTo(4 + 0.6, 1);
    expect(wav.length).toBe(44 + Math.round(durationSeconds * DEMO_SAMPLE_RATE) * 2);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(20_000);
    expect(peak).toBeLessThan(32_767);
  });
});
