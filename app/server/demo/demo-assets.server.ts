/**
 * The demo site's files, generated locally at seed time with no network: JPEG
 * artwork (sharp renders our SVG), short WAV recordings and sheet-music PDFs.
 * A file that already exists is kept, so re-seeding is cheap and never replaces
 * something an operator put there. Public files go under publicDir (served at
 * /uploads); the PDFs go under privateDir and are referred to by storage key.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { renderArtSvg, type ArtScene, type ArtSpec, type PaletteName } from "./demo-art.server";
import { DEMO_SAMPLE_RATE, synthesiseTune, type Chord, type TuneSpec } from "./demo-audio.server";
import { createLeadSheetPdf, type LeadSheetSpec } from "./demo-sheet-music.server";
import { PUBLIC_UPLOADS_URL_PREFIX } from "../media/storage.server";

// ---------------------------------------------------------------------------
// What to generate
// ---------------------------------------------------------------------------

interface ImageSpec extends ArtSpec {
  /** Path under publicDir, without extension. */
  file: string;
}

const image = (
  file: string,
  scene: ArtScene,
  palette: PaletteName,
  width: number,
  height: number,
): ImageSpec => ({ file, scene, palette, width, height, seed: file });

export const DEMO_IMAGES = {
  hero: image("images/hero/stage-lights", "stage", "gold", 1920, 1080),
  about: image("images/about/portrait", "stage", "ember", 900, 1200),

  // Photographs: the home gallery, the LOE mosaic, the media page and the events.
  bellLight: image("images/photos/bell-light", "brass", "gold", 1200, 800),
  clubNight: image("images/photos/club-night", "club", "wine", 1200, 800),
  soloSpot: image("images/photos/solo-spot", "stage", "blue", 900, 1200),
  staffGold: image("images/photos/staff-gold", "staff", "gold", 1200, 675),
  ensemble: image("images/photos/ensemble", "ensemble", "gold", 1200, 700),
  afterHours: image("images/photos/after-hours", "bokeh", "wine", 1000, 1000),
  slideDetail: image("images/photos/slide-detail", "brass", "ember", 800, 1200),
  cityTour: image("images/photos/city-tour", "city", "blue", 1200, 800),
  rehearsal: image("images/photos/rehearsal", "ensemble", "blue", 1200, 800),
  blueHour: image("images/photos/blue-hour", "bokeh", "blue", 900, 1200),
  scoreDesk: image("images/photos/score-desk", "staff", "ember", 1000, 1000),
  backstage: image("images/photos/backstage", "stage", "wine", 960, 1200),
  festival: image("images/photos/festival", "club", "ember", 1200, 800),
  nightWalk: image("images/photos/night-walk", "city", "gold", 800, 1200),

  // Video posters, so video tiles look right without the video service.
  thumbLive: image("images/video/live-at-the-meridian", "ensemble", "ember", 1280, 720),
  thumbStudio: image("images/video/studio-session", "brass", "blue", 1280, 720),
  thumbClinic: image("images/video/low-brass-clinic", "staff", "wine", 1280, 720),
  thumbBallad: image("images/video/velvet-slide-live", "stage", "blue", 1280, 720),

  // Audio-track artwork.
  artLowlight: image("images/artwork/lowlight-walk", "vinyl", "gold", 600, 600),
  artVelvet: image("images/artwork/velvet-slide", "waves", "blue", 600, 600),
  artCopper: image("images/artwork/copper-street", "waves", "ember", 600, 600),
  artLoeLive: image("images/artwork/loe-live-sessions", "vinyl", "wine", 600, 600),

  // Shop product shots.
  productLowlightDigital: image("images/products/lowlight-walk-digital", "vinyl", "gold", 800, 800),
  productVelvetSingle: image("images/products/velvet-slide-single", "waves", "blue", 800, 800),
  productCopperCd: image("images/products/copper-street-cd", "disc", "ember", 800, 800),
  productLoeLiveCd: image("images/products/loe-live-cd", "disc", "wine", 800, 800),
  productLowlightVinyl: image("images/products/lowlight-walk-vinyl", "vinyl", "wine", 800, 800),
  productVelvetCassette: image(
    "images/products/velvet-slide-cassette",
    "cassette",
    "blue",
    800,
    800,
  ),
  productLowlightLeadSheet: image(
    "images/products/lowlight-walk-lead-sheet",
    "sheet",
    "gold",
    800,
    800,
  ),
  productVelvetLeadSheet: image(
    "images/products/velvet-slide-lead-sheet",
    "sheet",
    "blue",
    800,
    800,
  ),
  productTshirt: image("images/products/loe-tshirt", "tshirt", "gold", 800, 800),
  productPin: image("images/products/gold-slide-pin", "pin", "wine", 800, 800),
  productTote: image("images/products/late-set-tote", "tote", "ember", 800, 800),
  productMug: image("images/products/midnight-session-mug", "mug", "blue", 800, 800),
  productPoster: image("images/products/tour-poster", "poster", "gold", 800, 800),
  productFreeTrack: image("images/products/blue-hour-free-track", "waves", "wine", 800, 800),
} as const satisfies Record<string, ImageSpec>;

export type DemoImageName = keyof typeof DEMO_IMAGES;

// Chord shapes above the root, third first, for the walking bass.
const m7 = [3, 7, 10];
const dom7 = [4, 7, 10];
const maj7 = [4, 7, 11];
const chord = (root: number, tones: readonly number[], beats = 4): Chord => ({
  root,
  tones,
  beats,
});

export const DEMO_TUNES = {
  lowlightWalk: {
    file: "audio/lowlight-walk.wav",
    tune: {
      seed: "lowlight-walk",
      bpm: 132,
      // ii-V-I-VI in F: Gm7 | C7 | Fmaj7 | D7
      chords: [chord(43, m7), chord(36, dom7), chord(41, maj7), chord(38, dom7)],
      melody: [
        { midi: null, beats: 1 },
        { midi: 58, beats: 1 },
        { midi: 57, beats: 1 },
        { midi: 55, beats: 1 },
        { midi: 52, beats: 2 },
        { midi: 55, beats: 2 },
        { midi: 57, beats: 3 },
        { midi: null, beats: 1 },
        { midi: 54, beats: 2 },
        { midi: 57, beats: 2 },
      ],
    },
  },
  velvetSlide: {
    file: "audio/velvet-slide.wav",
    tune: {
      seed: "velvet-slide",
      bpm: 84,
      softRide: true,
      // Ballad in Bb: Bbmaj7 | Gm7 | Cm7 F7
      chords: [chord(34, maj7), chord(43, m7), chord(36, m7, 2), chord(41, dom7, 2)],
      melody: [
        { midi: 53, beats: 2 },
        { midi: 55, beats: 1 },
        { midi: 57, beats: 1 },
        { midi: 58, beats: 3 },
        { midi: null, beats: 1 },
        { midi: 57, beats: 1 },
        { midi: 55, beats: 1 },
        { midi: 53, beats: 2 },
      ],
    },
  },
  copperStreet: {
    file: "audio/copper-street.wav",
    tune: {
      seed: "copper-street",
      bpm: 168,
      // Up-tempo in Eb: Fm7 | Bb7 | Ebmaj7 | C7 | Fm7 | Bb7
      chords: [
        chord(41, m7),
        chord(46, dom7),
        chord(39, maj7),
        chord(36, dom7),
        chord(41, m7),
        chord(46, dom7),
      ],
    },
  },
} as const satisfies Record<string, { file: string; tune: TuneSpec }>;

export type DemoTuneName = keyof typeof DEMO_TUNES;

export const DEMO_SHEET_MUSIC = {
  lowlightWalk: {
    key: "sheet-music/lowlight-walk-lead-sheet.pdf",
    spec: {
      title: "Lowlight Walk",
      subtitle: "Lead sheet in concert pitch, bass clef",
      style: "Medium Swing",
      bpm: 132,
      flats: 1,
      seed: "lowlight-walk-sheet",
      // prettier-ignore
      bars: [
        "Fmaj7", "D7(b9)", "Gm7", "C7", "Am7", "D7", "Gm7", "C7",
        "Fmaj7", "D7(b9)", "Gm7", "C7", "Cm7", "F7", "Bbmaj7", "Eb7",
        "Am7", "D7", "Gm7", "C7", "Am7(b5)", "D7(b9)", "Gm7", "C7sus",
        "Fmaj7", "D7(b9)", "Gm7", "C7", "Am7 D7", "Gm7 C7", "F6", "Gm7 C7",
      ],
    },
  },
  velvetSlide: {
    key: "sheet-music/velvet-slide-lead-sheet.pdf",
    spec: {
      title: "Velvet Slide",
      subtitle: "Ballad for bass trombone, lead sheet in concert pitch",
      style: "Slow Ballad",
      bpm: 72,
      flats: 2,
      seed: "velvet-slide-sheet",
      // prettier-ignore
      bars: [
        "Bbmaj7", "Gm7", "Cm7", "F7", "Dm7", "G7(b9)", "Cm7", "F7",
        "Bbmaj7", "Gm7", "Cm7", "F7", "Fm7", "Bb7", "Ebmaj7", "Ab7",
        "Dm7", "G7", "Cm7", "F7", "Em7(b5)", "A7", "Dm7 G7", "Cm7 F7",
        "Bbmaj7", "Gm7", "Cm7", "F7", "Dm7 G7", "Cm7 F7", "Bb6", "Cm7 F7",
      ],
    },
  },
} as const satisfies Record<string, { key: string; spec: LeadSheetSpec }>;

export type DemoSheetName = keyof typeof DEMO_SHEET_MUSIC;

// ---------------------------------------------------------------------------
// What the seed gets back
// ---------------------------------------------------------------------------

export interface GeneratedImage {
  url: string;
  width: number;
  height: number;
}

export interface GeneratedAudio {
  url: string;
  durationSeconds: number;
}

export interface GeneratedDocument {
  /** Storage key relative to privateDir: never a public URL. */
  key: string;
  pages: number;
}

export interface DemoAssets {
  images: Record<DemoImageName, GeneratedImage>;
  audio: Record<DemoTuneName, GeneratedAudio>;
  sheetMusic: Record<DemoSheetName, GeneratedDocument>;
  /** How many files this run wrote (0 when everything was already there). */
  filesWritten: number;
}

export interface StoragePaths {
  publicDir: string;
  privateDir: string;
}

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

export const JPEG_OPTIONS = { quality: 78, progressive: true } as const;

export async function renderArtJpeg(spec: ArtSpec): Promise<Buffer> {
  return sharp(Buffer.from(renderArtSvg(spec)))
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}

const publicUrl = (relative: string) => `${PUBLIC_UPLOADS_URL_PREFIX}/${relative}`;

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Write to a temporary name, then rename: a crash never leaves a half file that a later run would keep. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, file);
}

/** Runs tasks with at most `limit` in flight; sharp renders on libuv's thread pool. */
async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Generates every missing demo file and describes all of them for the seed. */
export async function generateDemoAssets(paths: StoragePaths): Promise<DemoAssets> {
  let filesWritten = 0;

  const imageEntries = Object.entries(DEMO_IMAGES) as [DemoImageName, ImageSpec][];
  const images = await inPool(imageEntries, 4, async ([name, spec]) => {
    const relative = `${spec.file}.jpg`;
    const file = path.join(paths.publicDir, relative);
    if (!(await exists(file))) {
      await writeAtomically(file, await renderArtJpeg(spec));
      filesWritten++;
    }
    // Read the real size back, so the rows always describe the file on disk.
    const meta = await sharp(file).metadata();
    const generated: GeneratedImage = {
      url: publicUrl(relative),
      width: meta.width ?? spec.width,
      height: meta.height ?? spec.height,
    };
    return [name, generated] as const;
  });

  const tuneEntries = Object.entries(DEMO_TUNES) as [
    DemoTuneName,
    { file: string; tune: TuneSpec },
  ][];
  const audio = await inPool(tuneEntries, 2, async ([name, { file: relative, tune }]) => {
    const file = path.join(paths.publicDir, relative);
    let durationSeconds: number;
    if (await exists(file)) {
      const { size } = await fs.stat(file);
      durationSeconds = (size - 44) / (DEMO_SAMPLE_RATE * 2);
    } else {
      const result = synthesiseTune(tune);
      await writeAtomically(file, result.wav);
      durationSeconds = result.durationSeconds;
      filesWritten++;
    }
    return [name, { url: publicUrl(relative), durationSeconds }] as const;
  });

  const sheetEntries = Object.entries(DEMO_SHEET_MUSIC) as [
    DemoSheetName,
    { key: string; spec: LeadSheetSpec },
  ][];
  const sheetMusic = await inPool(sheetEntries, 2, async ([name, { key, spec }]) => {
    const file = path.join(paths.privateDir, key);
    if (!(await exists(file))) {
      await writeAtomically(file, await createLeadSheetPdf(spec));
      filesWritten++;
    }
    return [name, { key, pages: 2 }] as const;
  });

  return {
    images: Object.fromEntries(images) as Record<DemoImageName, GeneratedImage>,
    audio: Object.fromEntries(audio) as Record<DemoTuneName, GeneratedAudio>,
    sheetMusic: Object.fromEntries(sheetMusic) as Record<DemoSheetName, GeneratedDocument>,
    filesWritten,
  };
}
