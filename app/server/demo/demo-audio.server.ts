/**
 * Short demo recordings synthesised in code: a walking upright bass, a swung ride
 * cymbal and, on some tunes, a bass-trombone-like melody. Output is a 16-bit mono
 * PCM WAV buffer, so the audio player has real files to play with no network.
 * Pure computation: the caller decides where the bytes go.
 */
import { createRandom, type Random } from "./demo-random.server";

export const DEMO_SAMPLE_RATE = 22_050;

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

export interface TuneSpec {
  seed: string;
  bpm: number;
  chords: readonly Chord[];
  /** A lead line on top of the rhythm section, played with a brass-like tone. */
  melody?: readonly MelodyNote[];
  /** Brushes on a ride: quieter and darker, for ballads. */
  softRide?: boolean;
}

const mtof = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/**
 * A walking line: root on the chord's first beat, chord tones in between and a
 * chromatic approach into the next root, the way a bassist walks through changes.
 */
export function walkingLine(chords: readonly Chord[], rand: Random): number[] {
  const notes: number[] = [];
  chords.forEach((chord, i) => {
    const nextRoot = chords[(i + 1) % chords.length]!.root;
    for (let beat = 0; beat < chord.beats; beat++) {
      if (beat === 0) {
        notes.push(chord.root);
      } else if (beat === chord.beats - 1) {
        notes.push(nextRoot + (rand.chance(0.5) ? 1 : -1));
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

/** Plucked string: quick attack, exponential decay, a little pitch settle on the attack. */
function addBassNote(
  out: Float32Array,
  start: number,
  midi: number,
  seconds: number,
  gain: number,
): void {
  const sr = DEMO_SAMPLE_RATE;
  const f0 = mtof(midi);
  const length = Math.min(out.length - start, Math.floor(seconds * sr * 1.15));
  let phase = 0;
  for (let n = 0; n < length; n++) {
    const t = n / sr;
    const freq = f0 * (1 + 0.012 * Math.exp(-t * 40));
    phase += (2 * Math.PI * freq) / sr;
    const attack = Math.min(1, t / 0.006);
    const decay = Math.exp(-t / 0.32);
    const release = t > seconds ? Math.exp(-(t - seconds) / 0.02) : 1;
    const tone =
      Math.sin(phase) +
      0.45 * Math.sin(2 * phase) * Math.exp(-t * 6) +
      0.22 * Math.sin(3 * phase) * Math.exp(-t * 10) +
      0.08 * Math.sin(4 * phase) * Math.exp(-t * 16);
    out[start + n]! += gain * attack * decay * release * tone;
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
): void {
  const length = Math.min(out.length - start, Math.floor(seconds * DEMO_SAMPLE_RATE));
  let previous = 0;
  for (let n = 0; n < length; n++) {
    const t = n / DEMO_SAMPLE_RATE;
    const white = rand.next() * 2 - 1;
    // A first difference is a cheap high-pass: it removes the rumble from white noise.
    const bright = white - previous;
    previous = white;
    const ping = Math.sin(2 * Math.PI * 5200 * t) * 0.25;
    out[start + n]! += gain * Math.exp(-t / decay) * (bright * 0.5 + ping * Math.exp(-t / 0.04));
  }
}

/** A brass-like voice: many harmonics that brighten with the attack, then a slow vibrato. */
function addBrassNote(
  out: Float32Array,
  start: number,
  midi: number,
  seconds: number,
  gain: number,
): void {
  const sr = DEMO_SAMPLE_RATE;
  const f0 = mtof(midi);
  const length = Math.min(out.length - start, Math.floor((seconds + 0.12) * sr));
  let phase = 0;
  for (let n = 0; n < length; n++) {
    const t = n / sr;
    const vibrato = t > 0.35 ? 1 + 0.004 * Math.sin(2 * Math.PI * 5.2 * t) : 1;
    phase += (2 * Math.PI * f0 * vibrato) / sr;
    const attack = Math.min(1, t / 0.07);
    const release = t > seconds ? Math.exp(-(t - seconds) / 0.05) : 1;
    const brightness = 0.35 + 0.5 * attack;
    let tone = 0;
    for (let h = 1; h <= 8; h++) {
      if (f0 * h > sr / 2.2) break;
      tone += (brightness ** (h - 1) / h ** 0.6) * Math.sin(h * phase);
    }
    out[start + n]! += gain * attack * release * tone * 0.35;
  }
}

/** Encodes samples in -1..1 as a 16-bit mono PCM WAV file. */
export function encodeWav(samples: Float32Array, sampleRate = DEMO_SAMPLE_RATE): Buffer {
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    buffer.writeInt16LE(Math.round(s * 32767), 44 + i * 2);
  }
  return buffer;
}

export interface SynthesisedTune {
  wav: Buffer;
  durationSeconds: number;
}

/** Renders a tune: bass on every beat, a swung ride pattern, the melody on top. */
export function synthesiseTune(spec: TuneSpec): SynthesisedTune {
  const rand = createRandom(spec.seed);
  const sr = DEMO_SAMPLE_RATE;
  const beat = 60 / spec.bpm;
  const beats = spec.chords.reduce((sum, c) => sum + c.beats, 0);
  const tail = 0.6;
  const out = new Float32Array(Math.ceil((beats * beat + tail) * sr));
  const at = (beatPosition: number) => Math.floor(beatPosition * beat * sr);

  walkingLine(spec.chords, rand).forEach((midi, i) => {
    const accent = i % 4 === 0 ? 1 : 0.85;
    addBassNote(out, at(i), midi, beat * 0.92, 0.55 * accent);
  });

  // Ride: "ding, ding-a, ding, ding-a" with the skip note on the swung third of the beat.
  const rideGain = spec.softRide ? 0.05 : 0.09;
  const rideDecay = spec.softRide ? 0.18 : 0.35;
  for (let b = 0; b < beats; b++) {
    addCymbal(out, at(b), beat * 1.5, rideGain * (b % 2 ? 1.1 : 0.9), rideDecay, rand);
    if (b % 2 === 1) addCymbal(out, at(b + 2 / 3), beat, rideGain * 0.6, rideDecay * 0.6, rand);
    if (b % 2 === 1) addCymbal(out, at(b), 0.06, 0.06, 0.015, rand); // hi-hat on 2 and 4
  }

  if (spec.melody) {
    let position = 0;
    for (const note of spec.melody) {
      if (note.midi !== null)
        addBrassNote(out, at(position), note.midi, note.beats * beat * 0.95, 0.3);
      position += note.beats;
    }
  }

  // Normalise, then fade the edges so the loop never clicks.
  let peak = 0;
  for (const s of out) peak = Math.max(peak, Math.abs(s));
  const scale = peak > 0 ? 0.85 / peak : 1;
  const fade = Math.floor(0.02 * sr);
  const fadeOut = Math.floor(tail * sr);
  for (let n = 0; n < out.length; n++) {
    let g = scale;
    if (n < fade) g *= n / fade;
    if (n > out.length - fadeOut) g *= (out.length - n) / fadeOut;
    out[n]! *= g;
  }
  return { wav: encodeWav(out), durationSeconds: out.length / sr };
}
