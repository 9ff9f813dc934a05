/**
 * The demo site's files, generated locally at seed time with no network: JPEG
 * artwork (sharp renders our SVG), MP3 recordings of a minute or more and sheet-music PDFs.
 * A file that already exists is kept, so re-seeding is cheap and never replaces
 * something an operator put there. Public files go under publicDir (served at
 * /uploads); the PDFs go under privateDir and are referred to by storage key.
 */
import path from "node:path";
import sharp from "sharp";
import { renderArtSvg, type ArtScene, type ArtSpec, type PaletteName } from "./demo-art.server";
import {
  melody,
  renderTuneMp3,
  tuneSeconds,
  type Chord,
  type Section,
  type TuneSpec,
} from "./demo-audio.server";
import { createLeadSheetPdf, type LeadSheetSpec } from "./demo-sheet-music.server";
import { bufferSource, readAudioDuration } from "../media/audio-duration.server";
import { createDiskStorage, type ObjectStorage } from "../media/object-storage.server";
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

  // Event pictures, one for each date, in the event cards' 2:1.
  eventAlbumNight: image("images/events/lowlight-walk-album-night", "crowd", "gold", 1200, 600),
  eventTrio: image("images/events/velvet-hour-trio", "trio", "wine", 1200, 600),
  eventHarbourLights: image("images/events/harbour-lights", "city", "ember", 1200, 600),
  eventMasterclass: image("images/events/ambermoor-masterclass", "stands", "blue", 1200, 600),
  eventGreyhaven: image("images/events/greyhaven-jazz-festival", "festival", "ember", 1200, 600),
  eventBalladEvening: image("images/events/velvet-slide-evening", "hall", "wine", 1200, 600),
  eventYoungBrassClinic: image("images/events/young-brass-clinic", "clinic", "gold", 1200, 600),

  // Video posters, so video tiles look right without the video service.
  thumbLive: image("images/video/live-at-the-meridian", "ensemble", "ember", 1280, 720),
  thumbStudio: image("images/video/studio-session", "brass", "blue", 1280, 720),
  thumbClinic: image("images/video/low-brass-clinic", "staff", "wine", 1280, 720),
  thumbBallad: image("images/video/velvet-slide-live", "stage", "blue", 1280, 720),
  thumbStrings: image("images/video/low-and-bright", "ensemble", "blue", 1280, 720),

  // Audio-track artwork.
  artLowlight: image("images/artwork/lowlight-walk", "vinyl", "gold", 600, 600),
  artVelvet: image("images/artwork/velvet-slide", "waves", "blue", 600, 600),
  artCopper: image("images/artwork/copper-street", "waves", "ember", 600, 600),
  artLoeLive: image("images/artwork/loe-live-sessions", "vinyl", "wine", 600, 600),

  // Shop product shots.
  productLowlightDigital: image("images/products/lowlight-walk-digital", "vinyl", "gold", 800, 800),
  productHarbourLights: image("images/products/harbour-lights-digital", "waves", "wine", 800, 800),
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

// Chord shapes above the root, third first, for the walking bass and the comping.
const m7 = [3, 7, 10];
const m7b5 = [3, 6, 10];
const dom7 = [4, 7, 10];
const dom7b9 = [4, 10, 13];
const maj7 = [4, 7, 11];
const six = [4, 7, 9];
const sus = [5, 7, 10];
const chord = (root: number, tones: readonly number[], beats = 4): Chord => ({
  root,
  tones,
  beats,
});

// Roots in the bass register (MIDI): E1 = 28 ... E3 = 52.
const [Db, C, Bb1, D, Eb, F, G, Ab, A, Bb] = [37, 36, 34, 38, 39, 41, 43, 44, 45, 46];

// Lowlight Walk, medium swing in F, on the changes of its lead sheet (AABA).
const lowlightFront =
  "r:1 A3:2/3 C4:1/3 E4:1 D4:1 | Eb4:2 D4:1 C4:1 | Bb3:2/3 A3:1/3 G3:1 D4:2 | Bb3:3 r:1";
const lowlightA = [chord(F, maj7), chord(D, dom7b9), chord(G, m7), chord(C, dom7)];
const lowlight: Record<"intro" | "a1" | "a2" | "b" | "a3", Section> = {
  intro: {
    chords: [chord(A, m7, 2), chord(D, dom7, 2), chord(G, m7, 2), chord(C, dom7, 2)],
    feel: "two",
    fill: true,
  },
  a1: {
    chords: [...lowlightA, chord(A, m7), chord(D, dom7), chord(G, m7), chord(C, dom7)],
    lead: melody(
      `${lowlightFront} | r:2/3 C4:1/3 E4:1 C4:2/3 A3:1/3 G3:1 | F#3:2 A3:1 C4:1 | Bb3:1 A3:1 F3:1 D3:1 | E3:3 r:1`,
    ),
    feel: "two",
  },
  a2: {
    chords: [...lowlightA, chord(C, m7), chord(F, dom7), chord(Bb, maj7), chord(Eb, dom7)],
    lead: melody(
      `${lowlightFront} | r:1 Eb4:2/3 D4:1/3 C4:1 G3:1 | A3:2/3 C4:1/3 Eb4:2 r:1 | D4:3 C4:1 | Bb3:2 G3:2`,
    ),
    fill: true,
  },
  // The bridge is the trombone's: a solo over its changes.
  b: {
    chords: [
      chord(A, m7),
      chord(D, dom7),
      chord(G, m7),
      chord(C, dom7),
      chord(A, m7b5),
      chord(D, dom7b9),
      chord(G, m7),
      chord(C, sus),
    ],
    lead: "solo",
  },
  a3: {
    chords: [
      ...lowlightA,
      chord(A, m7, 2),
      chord(D, dom7, 2),
      chord(G, m7, 2),
      chord(C, dom7, 2),
      chord(F, six),
      chord(G, m7, 2),
      chord(C, dom7, 2),
    ],
    lead: melody(
      `${lowlightFront} | E4:2/3 C4:1/3 A3:1 C4:2/3 A3:1/3 F#3:1 | Bb3:1 D4:1 E4:1 C4:1 | A3:3 r:1 | r:2 G3:2/3 A3:1/3 C4:1`,
    ),
  },
};

// Velvet Slide, a ballad in Bb: the melody, a chorus of solo, the melody again.
const velvetChords = [
  chord(Bb1, maj7),
  chord(G, m7),
  chord(C, m7),
  chord(F, dom7),
  chord(D, m7),
  chord(G, dom7b9),
  chord(C, m7),
  chord(F, dom7),
];
const velvetMelody = melody(
  "F3:2 G3:1 A3:1 | Bb3:3 r:1 | G3:1 Bb3:1 D4:2 | C4:3 r:1 | D4:2 C4:1 A3:1 | Ab3:2 B3:2 | C4:2/3 Bb3:1/3 G3:1 Eb3:2 | F3:3 r:1",
);

// Copper Street, up-tempo in Eb: an A and a B strain, blown on, then the A again.
const copperA = [
  chord(F, m7),
  chord(Bb, dom7),
  chord(Eb, maj7),
  chord(C, dom7b9),
  chord(F, m7),
  chord(Bb, dom7),
  chord(G, m7, 2),
  chord(C, dom7, 2),
  chord(F, m7, 2),
  chord(Bb, dom7, 2),
];
const copperB = [
  chord(Ab, maj7),
  chord(Db, dom7),
  chord(G, m7),
  chord(C, dom7),
  chord(F, m7),
  chord(Bb, dom7),
  chord(G, m7),
  chord(C, dom7),
];
const copperMelodyA = melody(
  "r:2/3 C4:1/3 Ab3:2/3 F3:1/3 Eb4:1 C4:1 | D4:2 Ab3:1 F3:1 | G3:2/3 Bb3:1/3 D4:2 r:1 | E3:1 G3:1 Bb3:1 Db4:1 | C4:2/3 Ab3:1/3 F3:2/3 Ab3:1/3 C4:1 Eb4:1 | D4:2 C4:2/3 Bb3:1/3 Ab3:1 | Bb3:1 G3:1 E3:1 G3:1 | Ab3:2 r:2",
);
const copperMelodyB = melody(
  "Eb3:1 Ab3:1 C4:1 Eb4:1 | F4:2 B3:1 Ab3:1 | Bb3:2/3 D4:1/3 F4:2/3 D4:1/3 Bb3:1 G3:1 | E3:3 r:1 | Ab3:2/3 C4:1/3 Eb4:1 C4:1 Ab3:1 | D4:1 F3:1 Ab3:2 | G3:2/3 Bb3:1/3 D4:1 F4:2 | E4:1 C4:1 r:2",
);

export const DEMO_TUNES = {
  lowlightWalk: {
    file: "audio/lowlight-walk.mp3",
    tune: {
      seed: "lowlight-walk",
      bpm: 132,
      form: [lowlight.intro, lowlight.a1, lowlight.a2, lowlight.b, lowlight.a3],
      ending: { chord: chord(F, six, 8), lead: 57 },
    },
  },
  velvetSlide: {
    file: "audio/velvet-slide.mp3",
    tune: {
      seed: "velvet-slide",
      bpm: 92,
      softRide: true,
      form: [
        { chords: [chord(C, m7, 2), chord(F, dom7, 2)], feel: "two" },
        { chords: velvetChords, lead: velvetMelody, feel: "two" },
        { chords: velvetChords, lead: "solo", fill: true },
        { chords: velvetChords, lead: velvetMelody, feel: "two" },
      ],
      ending: { chord: chord(Bb1, maj7, 4), lead: 58 },
    },
  },
  copperStreet: {
    file: "audio/copper-street.mp3",
    tune: {
      seed: "copper-street",
      bpm: 168,
      form: [
        { chords: [chord(F, m7), chord(Bb, dom7)], fill: true },
        { chords: copperA, lead: copperMelodyA },
        { chords: copperB, lead: copperMelodyB, fill: true },
        { chords: copperA, lead: "solo" },
        { chords: copperB, lead: "solo", fill: true },
        { chords: copperA, lead: copperMelodyA },
      ],
      ending: { chord: chord(Eb, maj7, 8), lead: 55 },
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
  /** The booklet of the record on pre-order (issue 24): its file is mailed on release day. */
  harbourLights: {
    key: "sheet-music/harbour-lights-booklet.pdf",
    spec: {
      title: "Harbour Lights",
      subtitle: "Digital booklet: the title track's lead sheet",
      style: "Medium Bossa",
      bpm: 120,
      flats: 3,
      seed: "harbour-lights-booklet",
      // prettier-ignore
      bars: [
        "Ebmaj7", "Cm7", "Fm7", "Bb7", "Gm7", "C7(b9)", "Fm7", "Bb7",
        "Ebmaj7", "Cm7", "Fm7", "Bb7", "Bbm7", "Eb7", "Abmaj7", "Db7",
        "Gm7", "C7", "Fm7", "Bb7", "Am7(b5)", "D7", "Gm7 C7", "Fm7 Bb7",
        "Ebmaj7", "Cm7", "Fm7", "Bb7", "Gm7 C7", "Fm7 Bb7", "Eb6", "Fm7 Bb7",
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
  /** Whole seconds, read from the file as an uploaded file's would be. */
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

/** The storage the demo files go to: the configured one, or the two folders of a DATA_DIR. */
function storageOf(target: ObjectStorage | StoragePaths): ObjectStorage {
  return "publicDir" in target ? createDiskStorage(path.dirname(target.publicDir)) : target;
}

/** The file's bytes, made and stored now when the storage does not have them yet. */
async function storedOrMade(
  storage: ObjectStorage,
  key: string,
  contentType: string,
  make: () => Promise<Uint8Array>,
): Promise<{ bytes: Uint8Array; written: boolean }> {
  const kept = await storage.read(key);
  if (kept) return { bytes: kept, written: false };
  const bytes = await make();
  await storage.put(key, bytes, { contentType });
  return { bytes, written: true };
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
export async function generateDemoAssets(
  target: ObjectStorage | StoragePaths,
): Promise<DemoAssets> {
  const storage = storageOf(target);
  let filesWritten = 0;

  const imageEntries = Object.entries(DEMO_IMAGES) as [DemoImageName, ImageSpec][];
  // Two at a time: each SVG render holds its own buffers in librsvg and libvips, and the
  // first start of a small machine must stay within its memory (issue 29).
  const renderImages = inPool(imageEntries, 2, async ([name, spec]) => {
    const relative = `${spec.file}.jpg`;
    const { bytes, written } = await storedOrMade(
      storage,
      `uploads/${relative}`,
      "image/jpeg",
      () => renderArtJpeg(spec),
    );
    if (written) filesWritten++;
    // Read the real size back, so the rows always describe the stored file.
    const meta = await sharp(bytes).metadata();
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
  // One at a time on the main thread, while sharp renders the images on its own threads.
  const renderAudio = inPool(tuneEntries, 1, async ([name, { file: relative, tune }]) => {
    const { bytes, written } = await storedOrMade(
      storage,
      `uploads/${relative}`,
      "audio/mpeg",
      () => renderTuneMp3(tune),
    );
    if (written) filesWritten++;
    const durationSeconds =
      (await readAudioDuration(bufferSource(bytes), "audio/mpeg")) ?? Math.round(tuneSeconds(tune));
    return [name, { url: publicUrl(relative), durationSeconds }] as const;
  });

  const sheetEntries = Object.entries(DEMO_SHEET_MUSIC) as [
    DemoSheetName,
    { key: string; spec: LeadSheetSpec },
  ][];
  const renderSheets = inPool(sheetEntries, 2, async ([name, { key, spec }]) => {
    const { written } = await storedOrMade(storage, `private/${key}`, "application/pdf", () =>
      createLeadSheetPdf(spec),
    );
    if (written) filesWritten++;
    return [name, { key, pages: 2 }] as const;
  });

  const [images, audio, sheetMusic] = await Promise.all([renderImages, renderAudio, renderSheets]);
  return {
    images: Object.fromEntries(images) as Record<DemoImageName, GeneratedImage>,
    audio: Object.fromEntries(audio) as Record<DemoTuneName, GeneratedAudio>,
    sheetMusic: Object.fromEntries(sheetMusic) as Record<DemoSheetName, GeneratedDocument>,
    filesWritten,
  };
}
