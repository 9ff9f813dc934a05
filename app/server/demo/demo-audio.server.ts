/**
 * Demo recordings synthesised in code: a walking upright bass, swung ride and brushes,
 * piano comping and a bass-trombone-like lead, arranged as a tune is played (intro,
 * the head, a solo over the changes, the melody again, an ending on a held chord), then
 * encoded as a small MP3 with the pure-JavaScript LAME port, so the audio player has
 * real files of a believable length to play with no network.
 * Pure computation: the caller decides where the bytes go.
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { createRandom, type Random } from "./demo-random.server";

export const DEMO_SAMPLE_RATE = 22_050;
/** Mono MPEG-2 layer III: about 470 KB a minute, plenty for a synthesised band. */
export const DEMO_MP3_KBPS = 64;
/** Samples in one MPEG-2 layer III frame. */
const MP3_FRAME_SAMPLES = 576;
/** Seconds of ring after the last chord. */
const TAIL_SECONDS = 1.6;

export interface Chord {
  /** MIDI note of the root, in the bass register (28 = E1 ... 52 = E3). */
  root: number;
  /** Chord tones above the root in semitones, third first (e.g. [3, 7, 10] for m7). */
  tones: readonly number[];
  beats: number;
}

export interface MelodyNote {
  /** MIDI note, or null for a rest. */
  midi: number | null;
  beats: number;
}

/** How the rhythm section plays: bass on 1 and 3 with light drums, or walking four. */
export type Feel = "two" | "walk";

export interface Section {
  chords: readonly Chord[];
  /** The written tune, a solo improvised over the changes, or the rhythm section alone. */
  lead?: readonly MelodyNote[] | "solo";
  /** Default "walk". */
  feel?: Feel;
  /** A snare fill in the last bar, into the next section. */
  fill?: boolean;
}

export interface TuneSpec {
  seed: string;
  bpm: number;
  /** Brushes on a ride: quieter and darker, for ballads. */
  softRide?: boolean;
  /** The sections in the order they are played. */
  form: readonly Section[];
  /** The last chord, held under a cymbal swell; `lead` is the horn's last note. */
  ending: { chord: Chord; lead?: number };
}

const mtof = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

const NOTE_STEPS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/**
 * A melody written as text, bar lines optional: "r:1 Bb3:2/3 A3:1/3 | G3:2 E3:2" is a
 * one-beat rest, a swung pair of eighths, then two half notes (beats after the colon,
 * 1 when left out; middle C is C4).
 */
export function melody(notation: string): MelodyNote[] {
  return notation
    .split(/[\s|]+/)
    .filter(Boolean)
    .map((token) => {
      const match = /^(r|[A-G][b#]?-?\d)(?::(\d+)(?:\/(\d+))?)?$/.exec(token);
      if (!match) throw new Error(`Not a note: ${token}`);
      const [, name, numerator, denominator] = match;
      const beats = numerator ? Number(numerator) / Number(denominator ?? 1) : 1;
      if (name === "r") return { midi: null, beats };
      const letter = NOTE_STEPS[name![0]!]!;
      const accidental = name![1] === "b" ? -1 : name![1] === "#" ? 1 : 0;
      const octave = Number(name!.slice(accidental === 0 ? 1 : 2));
      return { midi: 12 * (octave + 1) + letter + accidental, beats };
    });
}

export const sectionBeats = (section: Section) =>
  section.chords.reduce((sum, chord) => sum + chord.beats, 0);

/** The length of the rendered tune in seconds, before encoding. */
export function tuneSeconds(spec: TuneSpec): number {
  const beats =
    spec.form.reduce((sum, section) => sum + sectionBeats(section), 0) + spec.ending.chord.beats;
  return (beats * 60) / spec.bpm + TAIL_SECONDS;
}

/**
 * A walking line: root on the chord's first beat, chord tones in between and a
 * chromatic approach into the next root, the way a bassist walks through changes.
 * The chord after the last is the first again, unless `nextRoot` says otherwise.
 */
export function walkingLine(chords: readonly Chord[], rand: Random, nextRoot?: number): number[] {
  const notes: number[] = [];
  chords.forEach((chord, i) => {
    const next = i + 1 < chords.length ? chords[i + 1]!.root : (nextRoot ?? chords[0]!.root);
    for (let beat = 0; beat < chord.beats; beat++) {
      if (beat === 0) {
        notes.push(chord.root);
      } else if (beat === chord.beats - 1) {
        notes.push(next + (rand.chance(0.5) ? 1 : -1));
      } else {
        const tone = rand.pick(chord.tones);
        // Keep the line in the instrument's sweet spot, an octave down when it climbs.
        const note = chord.root + tone;
        notes.push(note > 50 ? note - 12 : note);
      }
    }
  });
  return notes;
}

/**
 * A solo over the changes: swung eighths, quarters and the odd long note, chord tones
 * on the beat and passing notes between, phrases of a bar or two with a breath after.
 */
export function improvise(chords: readonly Chord[], rand: Random): MelodyNote[] {
  const notes: MelodyNote[] = [];
  const low = 50;
  const high = 67;
  let previous = 58;
  let direction = 1;
  let barsInPhrase = 0;
  const nearest = (candidates: number[]) => {
    const ahead = candidates
      .filter((n) => n >= low && n <= high && (direction > 0 ? n > previous : n < previous))
      .sort((a, b) => Math.abs(a - previous) - Math.abs(b - previous));
    if (ahead.length === 0) {
      direction = -direction;
      return candidates.find((n) => n >= low && n <= high) ?? previous;
    }
    // Mostly steps and small leaps, now and then a wider one.
    return ahead[rand.chance(0.75) ? 0 : Math.min(ahead.length - 1, 1)]!;
  };
  for (const chord of chords) {
    const pitchClasses = [0, ...chord.tones].map((t) => (chord.root + t) % 12);
    const passing = [2, 5, 9].map((t) => (chord.root + t) % 12);
    const inRange = (classes: number[]) =>
      classes.flatMap((pc) => [pc + 36, pc + 48, pc + 60, pc + 72]);
    const chordNotes = inRange(pitchClasses);
    const allNotes = inRange([...pitchClasses, ...passing]);
    let beat = 0;
    if (chord.beats >= 4) barsInPhrase++;
    // A breath at the end of a phrase of one or two bars.
    if (chord.beats >= 4 && barsInPhrase > 1 && rand.chance(0.5)) {
      const rest = rand.pick([1, 1, 2]);
      notes.push({ midi: null, beats: rest });
      beat += rest;
      barsInPhrase = 0;
    }
    while (beat < chord.beats) {
      const left = chord.beats - beat;
      const roll = rand.next();
      const rhythm =
        roll < 0.55
          ? [2 / 3, 1 / 3]
          : roll < 0.85 || left < 2
            ? [1]
            : roll < 0.95
              ? [2]
              : [1.5, 0.5];
      rhythm.forEach((beats, i) => {
        if (rand.chance(0.2)) direction = -direction;
        previous = nearest(i === 0 ? chordNotes : allNotes);
        notes.push({ midi: previous, beats });
      });
      beat += rhythm.reduce((a, b) => a + b, 0);
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------
// Voices. A sine table and per-sample multipliers instead of Math.sin and Math.exp:
// a minute of the band renders in a fraction of a second.
// ---------------------------------------------------------------------------

const TABLE_SIZE = 4096;
const SINE_TABLE = (() => {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) table[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);
  return table;
})();

/** sin(2π · cycles), from the table with linear interpolation. */
function sine(cycles: number): number {
  const x = (cycles - Math.floor(cycles)) * TABLE_SIZE;
  const i = x | 0;
  const a = SINE_TABLE[i]!;
  return a + (x - i) * (SINE_TABLE[i + 1]! - a);
}

/** sin θ + a·sin 2θ + b·sin 3θ, with θ = 2π · cycles. */
function harmonics3(cycles: number, a: number, b: number): number {
  const s1 = sine(cycles);
  const twoCos = 2 * sine(cycles + 0.25);
  const s2 = twoCos * s1;
  return s1 + a * s2 + b * (twoCos * s2 - s1);
}

/** The per-sample factor of an exponential decay with time constant `seconds`. */
const decayFactor = (seconds: number) => Math.exp(-1 / (seconds * DEMO_SAMPLE_RATE));

/** Plucked string: quick attack, exponential decay, a little pitch settle on the attack. */
function addBassNote(
  out: Float32Array,
  start: number,
  midi: number,
  seconds: number,
  gain: number,
  ring = 0.32,
): void {
  const sr = DEMO_SAMPLE_RATE;
  const f0 = mtof(midi) / sr;
  const length = Math.min(out.length - start, Math.floor(seconds * sr * 1.15));
  const held = Math.floor(seconds * sr);
  const attackSamples = 0.006 * sr;
  const [kDecay, kSettle, k2, k3, k4, kRelease] = [ring, 1 / 40, 1 / 6, 1 / 10, 1 / 16, 0.02].map(
    decayFactor,
  );
  let phase = 0;
  let [decay, settle, h2, h3, h4, release] = [1, 0.012, 0.45, 0.22, 0.08, 1];
  for (let n = 0; n < length; n++) {
    phase += f0 * (1 + settle);
    const attack = n < attackSamples ? n / attackSamples : 1;
    // sin kθ from sin θ and cos θ: sin kθ = 2cos θ · sin (k-1)θ - sin (k-2)θ.
    const s1 = sine(phase);
    const twoCos = 2 * sine(phase + 0.25);
    const s2 = twoCos * s1;
    const s3 = twoCos * s2 - s1;
    const tone = s1 + h2 * s2 + h3 * s3 + h4 * (twoCos * s3 - s2);
    out[start + n]! += gain * attack * decay * release * tone;
    decay *= kDecay!;
    settle *= kSettle!;
    h2 *= k2!;
    h3 *= k3!;
    h4 *= k4!;
    if (n > held) release *= kRelease!;
  }
}

/** Bright noise with a fast decay: crude, but it reads as a ride or a hi-hat in a mix. */
function addCymbal(
  out: Float32Array,
  start: number,
  seconds: number,
  gain: number,
  decay: number,
  rand: Random,
  swell = 0,
): void {
  const sr = DEMO_SAMPLE_RATE;
  const length = Math.min(out.length - start, Math.floor(seconds * sr));
  const swellSamples = swell * sr;
  const kDecay = decayFactor(decay);
  const kPing = decayFactor(0.04);
  const ping = 5200 / sr;
  let envelope = 1;
  let pingEnvelope = 0.25;
  let previous = 0;
  for (let n = 0; n < length; n++) {
    const white = rand.next() * 2 - 1;
    // A first difference is a cheap high-pass: it removes the rumble from white noise.
    const bright = white - previous;
    previous = white;
    let g = gain;
    if (n < swellSamples) {
      g *= (n / swellSamples) ** 2; // a roll on the cymbal, growing into the hit
    } else {
      g *= envelope;
      envelope *= kDecay;
    }
    out[start + n]! += g * (bright * 0.5 + sine(n * ping) * pingEnvelope);
    pingEnvelope *= kPing;
  }
}

/** Snare: band-limited noise and a short tone, for fills. */
function addSnare(out: Float32Array, start: number, gain: number, rand: Random): void {
  const sr = DEMO_SAMPLE_RATE;
  const length = Math.min(out.length - start, Math.floor(0.18 * sr));
  const k = decayFactor(0.045);
  const kTone = decayFactor(0.03);
  let envelope = 1;
  let toneEnvelope = 1;
  let low = 0;
  for (let n = 0; n < length; n++) {
    low += 0.35 * (rand.next() * 2 - 1 - low); // one-pole low-pass: a darker hiss
    out[start + n]! += gain * (envelope * low * 1.6 + toneEnvelope * 0.5 * sine((n * 190) / sr));
    envelope *= k;
    toneEnvelope *= kTone;
  }
}

/** Bass drum: a low sine that drops in pitch. */
function addKick(out: Float32Array, start: number, gain: number): void {
  const sr = DEMO_SAMPLE_RATE;
  const length = Math.min(out.length - start, Math.floor(0.35 * sr));
  const k = decayFactor(0.12);
  const kDrop = decayFactor(0.03);
  let envelope = 1;
  let drop = 1;
  let phase = 0;
  for (let n = 0; n < length; n++) {
    phase += (55 * (1 + drop)) / sr;
    out[start + n]! += gain * envelope * sine(phase);
    envelope *= k;
    drop *= kDrop;
  }
}

/** Piano-ish comping note: a struck tone whose upper partials fade first. */
function addKeysNote(
  out: Float32Array,
  start: number,
  midi: number,
  seconds: number,
  gain: number,
): void {
  const sr = DEMO_SAMPLE_RATE;
  const f0 = mtof(midi) / sr;
  const length = Math.min(out.length - start, Math.floor((seconds + 0.15) * sr));
  const held = Math.floor(seconds * sr);
  const [kDecay, k2, k3, kRelease] = [0.9, 0.25, 0.12, 0.05].map(decayFactor);
  let [decay, h2, h3, release] = [1, 0.5, 0.25, 1];
  let phase = 0;
  for (let n = 0; n < length; n++) {
    phase += f0;
    const attack = n < 40 ? n / 40 : 1;
    out[start + n]! += gain * attack * decay * release * harmonics3(phase, h2, h3);
    decay *= kDecay!;
    h2 *= k2!;
    h3 *= k3!;
    if (n > held) release *= kRelease!;
  }
}

/** 1 / h^0.6 for the brass voice's harmonics. */
const HARMONIC_ROLL_OFF = Float32Array.from({ length: 9 }, (_, h) => (h === 0 ? 0 : h ** -0.6));

/** A brass-like voice: a little scoop up to the note, harmonics that bloom, then vibrato. */
function addBrassNote(
  out: Float32Array,
  start: number,
  midi: number,
  seconds: number,
  gain: number,
): void {
  const sr = DEMO_SAMPLE_RATE;
  const f0 = mtof(midi) / sr;
  const length = Math.min(out.length - start, Math.floor((seconds + 0.12) * sr));
  const held = Math.floor(seconds * sr);
  const attackSamples = 0.07 * sr;
  const vibratoFrom = Math.floor(0.35 * sr);
  const harmonics = Math.min(8, Math.floor(0.45 / f0));
  const kScoop = decayFactor(0.04);
  const kRelease = decayFactor(0.05);
  const weights = new Float32Array(harmonics + 1);
  let scoop = 0.02;
  let release = 1;
  let phase = 0;
  for (let n = 0; n < length; n++) {
    const vibrato = n > vibratoFrom ? 0.004 * sine((n * 5.2) / sr) : 0;
    phase += f0 * (1 + vibrato - scoop);
    scoop *= kScoop;
    const attack = n < attackSamples ? n / attackSamples : 1;
    if (n <= attackSamples && n % 16 === 0) {
      // The tone brightens as the note speaks; steady after the attack.
      const brightness = 0.35 + 0.5 * attack;
      let power = 1;
      for (let h = 1; h <= harmonics; h++) {
        weights[h] = power * HARMONIC_ROLL_OFF[h]!;
        power *= brightness;
      }
    }
    const s1 = sine(phase);
    const twoCos = 2 * sine(phase + 0.25);
    let tone = weights[1]! * s1;
    let before = 0;
    let current = s1;
    for (let h = 2; h <= harmonics; h++) {
      const next = twoCos * current - before;
      tone += weights[h]! * next;
      before = current;
      current = next;
    }
    out[start + n]! += gain * attack * release * tone * 0.35;
    if (n > held) release *= kRelease;
  }
}

// ---------------------------------------------------------------------------
// The arrangement
// ---------------------------------------------------------------------------

/** Comping rhythms for one bar: [beat, length in beats]. */
const COMP_PATTERNS: readonly (readonly [number, number][])[] = [
  [
    [0, 1.2],
    [1 + 2 / 3, 0.6],
  ], // Charleston
  [
    [1 + 2 / 3, 1],
    [3, 0.6],
  ],
  [
    [0, 0.6],
    [2 + 2 / 3, 1],
  ],
  [[1, 0.8]],
];

/** Chord tones above the bass, folded into the middle of the keyboard. */
function voicing(chord: Chord): number[] {
  return chord.tones.map((t) => {
    let note = chord.root + t;
    while (note < 55) note += 12;
    while (note > 67) note -= 12;
    return note;
  });
}

export interface SynthesisedTune {
  /** Mono samples in -1..1 at DEMO_SAMPLE_RATE. */
  samples: Float32Array;
  durationSeconds: number;
}

/** Renders a tune: bass, drums and comping through the form, the lead on top. */
export function synthesiseTune(spec: TuneSpec): SynthesisedTune {
  const rand = createRandom(spec.seed);
  const sr = DEMO_SAMPLE_RATE;
  const beat = 60 / spec.bpm;
  const out = new Float32Array(Math.ceil(tuneSeconds(spec) * sr));
  const at = (beatPosition: number) => Math.floor(beatPosition * beat * sr);
  const rideGain = spec.softRide ? 0.05 : 0.09;
  const rideDecay = spec.softRide ? 0.18 : 0.35;

  let position = 0;
  spec.form.forEach((section, index) => {
    const feel = section.feel ?? "walk";
    const start = position;
    const beats = sectionBeats(section);
    const nextRoot = spec.form[index + 1]?.chords[0]!.root ?? spec.ending.chord.root;

    // Bass: four to the bar, or root and fifth (or an approach note) in two.
    const walk = walkingLine(section.chords, rand, nextRoot);
    let chordStart = start;
    section.chords.forEach((chord, i) => {
      if (feel === "walk") {
        for (let b = 0; b < chord.beats; b++) {
          const note = walk[chordStart - start + b]!;
          addBassNote(out, at(chordStart + b), note, beat * 0.92, b === 0 ? 0.55 : 0.47);
        }
      } else {
        addBassNote(out, at(chordStart), chord.root, beat * 1.9, 0.6, 0.5);
        if (chord.beats >= 4) {
          const next = section.chords[i + 1]?.root ?? nextRoot;
          const second = rand.chance(0.5) ? chord.root + 7 : next + (rand.chance(0.5) ? 1 : -1);
          addBassNote(
            out,
            at(chordStart + 2),
            second > 50 ? second - 12 : second,
            beat * 1.9,
            0.5,
            0.5,
          );
        }
      }

      // Comping: held chords in two, swung stabs when the band walks.
      const notes = voicing(chord);
      for (let bar = 0; bar < chord.beats; bar += 4) {
        const hits: readonly (readonly [number, number])[] =
          feel === "two" ? [[0, Math.min(4, chord.beats) * 0.9]] : rand.pick(COMP_PATTERNS);
        for (const [offset, length] of hits) {
          if (bar + offset >= chord.beats) continue;
          for (const note of notes) {
            addKeysNote(out, at(chordStart + bar + offset), note, length * beat, 0.07);
          }
        }
      }
      chordStart += chord.beats;
    });

    // Drums: the swung ride "ding, ding-a" and the hi-hat on 2 and 4; in two, lighter.
    for (let b = 0; b < beats; b++) {
      const pos = start + b;
      const offbeat = b % 2 === 1;
      if (feel === "walk") {
        addCymbal(out, at(pos), beat * 1.5, rideGain * (offbeat ? 1.1 : 0.9), rideDecay, rand);
        if (offbeat) addCymbal(out, at(pos + 2 / 3), beat, rideGain * 0.6, rideDecay * 0.6, rand);
      } else {
        addCymbal(out, at(pos), beat, rideGain * 0.55, rideDecay * 0.7, rand);
      }
      if (offbeat) addCymbal(out, at(pos), 0.06, 0.06, 0.015, rand); // hi-hat
    }
    if (section.fill && beats >= 4) {
      // Triplets over the last two beats, growing into the next downbeat.
      for (let t = 0; t < 6; t++)
        addSnare(out, at(start + beats - 2 + t / 3), 0.05 + t * 0.018, rand);
    }
    if (index > 0 && spec.form[index - 1]!.fill) {
      addKick(out, at(start), 0.5);
      addCymbal(out, at(start), beat * 4, rideGain * 1.8, 0.9, rand);
    }

    // The lead: the written melody, or a solo over these changes.
    const lead = section.lead === "solo" ? improvise(section.chords, rand) : section.lead;
    let leadPosition = start;
    for (const note of lead ?? []) {
      if (note.midi !== null) {
        addBrassNote(out, at(leadPosition), note.midi, note.beats * beat * 0.95, 0.3);
      }
      leadPosition += note.beats;
    }
    position += beats;
  });

  // The ending: the last chord rings under a roll that swells into the final hit.
  const { chord, lead } = spec.ending;
  const held = chord.beats * beat;
  addBassNote(out, at(position), chord.root, held, 0.6, 1.2);
  for (const note of voicing(chord)) addKeysNote(out, at(position), note, held, 0.08);
  if (lead !== undefined) addBrassNote(out, at(position), lead, held * 0.9, 0.3);
  addCymbal(out, at(position), held + TAIL_SECONDS, rideGain * 1.6, 0.8, rand, held * 0.6);
  addKick(out, at(position), 0.5);

  // Normalise, then fade the edges so nothing clicks.
  let peak = 0;
  for (const s of out) peak = Math.max(peak, Math.abs(s));
  const scale = peak > 0 ? 0.85 / peak : 1;
  const fade = Math.floor(0.02 * sr);
  const fadeOut = Math.floor(TAIL_SECONDS * sr);
  for (let n = 0; n < out.length; n++) {
    let g = scale;
    if (n < fade) g *= n / fade;
    if (n > out.length - fadeOut) g *= (out.length - n) / fadeOut;
    out[n]! *= g;
  }
  return { samples: out, durationSeconds: out.length / sr };
}

/** Frames encoded between two yields to the event loop. */
const FRAMES_PER_SLICE = 64;

/**
 * Encodes mono samples in -1..1 as a constant-bit-rate MP3. Async only to let other
 * work (the image renders of the seed) run between slices of the encode.
 */
export async function encodeMp3(
  samples: Float32Array,
  sampleRate = DEMO_SAMPLE_RATE,
  kbps = DEMO_MP3_KBPS,
): Promise<Buffer> {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767);
  }
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const chunks: Buffer[] = [];
  const keep = (bytes: ArrayBufferView) =>
    chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const slice = MP3_FRAME_SAMPLES * FRAMES_PER_SLICE;
  for (let i = 0; i < pcm.length; i += slice) {
    keep(encoder.encodeBuffer(pcm.subarray(i, i + slice)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  keep(encoder.flush());
  return Buffer.concat(chunks);
}

/** Renders and encodes a tune. */
export async function renderTuneMp3(spec: TuneSpec): Promise<Buffer> {
  return encodeMp3(synthesiseTune(spec).samples);
}
