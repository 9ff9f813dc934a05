import { describe, expect, it } from "vitest";
import {
  DEMO_MP3_KBPS,
  DEMO_SAMPLE_RATE,
  encodeMp3,
  improvise,
  melody,
  sectionBeats,
  synthesiseTune,
  tuneSeconds,
  walkingLine,
  type MelodyNote,
  type TuneSpec,
} from "./demo-audio.server";
import { DEMO_TUNES } from "./demo-assets.server";
import { createRandom } from "./demo-random.server";
import { bufferSource, parseMpegFrame, readAudioDuration } from "../media/audio-duration.server";

const m7 = [3, 7, 10];
const dom7 = [4, 7, 10];
const beatsOf = (notes: readonly MelodyNote[]) => notes.reduce((sum, n) => sum + n.beats, 0);

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
    // Into the next section's first chord when there is one.
    expect(Math.abs(walkingLine(chords, createRandom("x"), 41)[7]! - 41)).toBe(1);
  });

  it("reads melodies written as note names and beats", () => {
    expect(melody("r:1 Bb3:2/3 A3:1/3 | C4 F#2:2")).toEqual([
      { midi: null, beats: 1 },
      { midi: 58, beats: 2 / 3 },
      { midi: 57, beats: 1 / 3 },
      { midi: 60, beats: 1 },
      { midi: 42, beats: 2 },
    ]);
    expect(() => melody("H3:2")).toThrow(/H3:2/);
  });

  it("improvises a solo that fills the changes, in the horn's range", () => {
    const chords = [
      { root: 41, tones: m7, beats: 4 },
      { root: 46, tones: dom7, beats: 4 },
      { root: 39, tones: [4, 7, 11], beats: 2 },
      { root: 36, tones: dom7, beats: 2 },
    ];
    const solo = improvise(chords, createRandom("solo"));
    expect(beatsOf(solo)).toBeCloseTo(12, 9);
    const pitches = solo.flatMap((n) => (n.midi === null ? [] : [n.midi]));
    expect(pitches.length).toBeGreaterThan(8);
    expect(Math.min(...pitches)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...pitches)).toBeLessThanOrEqual(67);
    expect(improvise(chords, createRandom("solo"))).toEqual(solo);
  });

  it("synthesises a tune of the expected length, loud but never clipping", () => {
    const spec: TuneSpec = {
      seed: "t",
      bpm: 120,
      form: [
        {
          chords: [
            { root: 41, tones: m7, beats: 4 },
            { root: 46, tones: dom7, beats: 4 },
          ],
          lead: [{ midi: 55, beats: 4 }],
          fill: true,
        },
      ],
      ending: { chord: { root: 41, tones: m7, beats: 4 }, lead: 53 },
    };
    const { samples, durationSeconds } = synthesiseTune(spec);
    expect(durationSeconds).toBeCloseTo(tuneSeconds(spec), 3);
    expect(tuneSeconds(spec)).toBeCloseTo(12 * 0.5 + 1.6, 9);
    expect(samples.length).toBe(Math.ceil(tuneSeconds(spec) * DEMO_SAMPLE_RATE));
    const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.6);
    expect(peak).toBeLessThan(1);
  });

  it("encodes valid constant-bit-rate MP3 frames whose length the duration reader reads", async () => {
    const seconds = 7;
    const samples = Float32Array.from(
      { length: seconds * DEMO_SAMPLE_RATE },
      (_, n) => 0.5 * Math.sin((2 * Math.PI * 220 * n) / DEMO_SAMPLE_RATE),
    );
    const mp3 = await encodeMp3(samples);
    // Frame after frame to the last byte: every header valid and the same format.
    let offset = 0;
    let frames = 0;
    while (offset < mp3.length) {
      const frame = parseMpegFrame(mp3, offset);
      expect(frame, `frame at ${offset}`).toMatchObject({
        mpeg: 2,
        layer: 3,
        bitrate: DEMO_MP3_KBPS * 1000,
        sampleRate: DEMO_SAMPLE_RATE,
        mono: true,
      });
      offset += frame!.frameLength;
      frames++;
    }
    expect(offset).toBe(mp3.length);
    // All the samples are in there, plus the encoder's delay and padding (under two frames).
    expect(frames * 576).toBeGreaterThanOrEqual(samples.length);
    expect(frames * 576).toBeLessThan(samples.length + 576 * 4);
    expect(await readAudioDuration(bufferSource(mp3), "audio/mpeg")).toBe(seconds);
  });
});

describe("the demo tunes", () => {
  const tunes = Object.entries(DEMO_TUNES) as [string, { file: string; tune: TuneSpec }][];

  it.each(tunes)("%s lasts a minute or more, and at most a minute and a half", (_, { tune }) => {
    expect(tuneSeconds(tune)).toBeGreaterThanOrEqual(60);
    expect(tuneSeconds(tune)).toBeLessThanOrEqual(90);
  });

  it.each(tunes)("%s is an arrangement, not a loop", (_, { tune, file }) => {
    expect(file).toMatch(/^audio\/[a-z-]+\.mp3$/);
    // An intro without the horn, a solo, and the melody coming back.
    expect(tune.form[0]!.lead).toBeUndefined();
    expect(tune.form.some((section) => section.lead === "solo")).toBe(true);
    const written = tune.form.flatMap((section) =>
      typeof section.lead === "object" ? [section.lead] : [],
    );
    const openings = written.map((lead) => JSON.stringify(lead.slice(0, 4)));
    expect(new Set(openings).size).toBeLessThan(openings.length);
    expect(tune.ending.chord.beats).toBeGreaterThanOrEqual(4);
  });

  it.each(tunes)("%s: every written melody fits its section to the beat", (_, { tune }) => {
    for (const section of tune.form) {
      if (typeof section.lead !== "object") continue;
      expect(beatsOf(section.lead)).toBeCloseTo(sectionBeats(section), 9);
    }
  });
});
