/**
 * Everything the demo site says and sells: page text, events, galleries, tracks,
 * products and themes for the fictional bass trombonist Silas Lowenthorne and his
 * ensemble LOE. Pure data: it takes the generated files and the seed date and
 * returns rows, so the seed function only decides what to insert.
 *
 * Every person, venue, city and publication here is invented.
 */
import { DEMO_TSHIRT_OPTIONS, DEMO_TSHIRT_TITLE } from "./demo-variants.server";
import type { PageContentKey } from "~/domain/content/page-content/registry";
import { ARTIST_NAME } from "~/domain/core/site";
import { DEFAULT_THEME } from "~/domain/content/theme/theme";
import type { DemoAssets } from "./demo-assets.server";
import { daysToWeekday } from "./demo-calendar.server";
import { DEMO_TOWN_POSITIONS, demoSubscribers } from "./demo-subscribers.server";
import type {
  collaborations,
  events,
  featuredVideos,
  loeAudioTracks,
  loeImages,
  loeVideos,
  mediaItems,
  musicalInfluences,
  pageContent,
  photoGallery,
  stats,
  themeSettings,
} from "../db/schema/content.server";
import type { newsletterSubscribers } from "../db/schema/audience.server";
import type { pageSettings, shopItems } from "../db/schema/shop.server";

export const DEMO_CONTACT_EMAIL = "hello@silaslowenthorne.example";
export const DEMO_BOOKING_EMAIL = "booking@silaslowenthorne.example";
export const DEMO_MAINTENANCE_MESSAGE =
  "We anticipate being back online within the next few hours.";

type Row<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export interface DemoContent {
  pageContent: Row<typeof pageContent>[];
  pageSettings: Row<typeof pageSettings>[];
  themeSettings: Row<typeof themeSettings>[];
  events: Row<typeof events>[];
  featuredVideos: Row<typeof featuredVideos>[];
  photoGallery: Row<typeof photoGallery>[];
  mediaItems: Row<typeof mediaItems>[];
  musicalInfluences: Row<typeof musicalInfluences>[];
  collaborations: Row<typeof collaborations>[];
  stats: Row<typeof stats>[];
  loeVideos: Row<typeof loeVideos>[];
  loeImages: Row<typeof loeImages>[];
  loeAudioTracks: Row<typeof loeAudioTracks>[];
  shopItems: Row<typeof shopItems>[];
  newsletterSubscribers: Row<typeof newsletterSubscribers>[];
}

/** The invented towns' map positions, so "Tell fans nearby" has fans to find. */
function placeDemoTowns(rows: Row<typeof events>[]): Row<typeof events>[] {
  return rows.map((row) => ({ ...row, ...DEMO_TOWN_POSITIONS[row.city] }));
}

// ---------------------------------------------------------------------------
// Dates relative to the day of seeding, so "upcoming" stays upcoming
// ---------------------------------------------------------------------------

/** yyyy-MM-dd of the local calendar day `days` after `from`. */
export function isoDateFrom(from: Date, days: number): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const daysAgo = (from: Date, days: number) => new Date(from.getTime() - days * 86_400_000);

// ---------------------------------------------------------------------------
// Page content: one entry for every key of the registry
// ---------------------------------------------------------------------------

interface ContentText {
  title: string;
  description: string | null;
  paragraphSpacing?: string;
}

const lines = (...paragraphs: string[]) => paragraphs.join("\n");

function pageTexts(assets: DemoAssets): Record<PageContentKey, ContentText> {
  return {
    "home-hero-title": {
      title: ARTIST_NAME,
      description: "Bass Trombone · Voice · Composer · Bandleader",
    },
    "home-hero-description": {
      title: "Hero description",
      description:
        "Low brass with a singer's heart. Silas leads LOE, the Lowenthorne Orchestral Ensemble, through late-night ballads, roaring shout choruses and new music written for the bandstand.",
    },
    "home-hero-image": { title: "Hero image", description: assets.images.hero.url },
    "home-featured-videos-title": { title: "Featured Videos", description: null },
    "home-featured-videos-description": {
      title: "Featured videos description",
      description:
        "Live sets from the Meridian, studio sessions from the Foundry Room and a few late-night rehearsals we decided to keep.",
    },
    "home-photo-gallery-title": { title: "From the Bandstand", description: null },
    "home-photo-gallery-description": {
      title: "Photo gallery description",
      description:
        "Stage lights, green rooms and the long drives in between: a few frames from recent seasons on the road with LOE.",
    },
    "home-testimonial-quote": {
      title: "Testimonial",
      description:
        "Lowenthorne plays the bass trombone like a baritone singer who happens to swing harder than the drummer. When he puts the horn down and sings, the room goes quiet enough to hear the ice settle in the glasses.",
    },
    "home-testimonial-author": { title: "Testimonial author", description: "Delphine Marchbank" },
    "home-testimonial-title": {
      title: "Testimonial source",
      description: "Jazz critic, The Lantern Street Journal",
    },
    "home-cta-title": { title: "Stay in the Loop", description: null },
    "home-cta-description": {
      title: "Call-to-action description",
      description:
        "Tour dates, new recordings, free practice material and first access to LOE concert tickets. One letter a month, never more.",
    },

    "about-hero": {
      title: `About ${ARTIST_NAME}`,
      paragraphSpacing: "mb-4",
      description: lines(
        "Silas Lowenthorne is a bass trombonist, vocalist, composer and arranger whose sound lives somewhere between a late-night ballad and a brass-band parade. He grew up in a river town where the church choir and the marching band shared the same bus, and learned early that low brass can sing.",
        "After studying trombone and jazz composition at the Halvard Conservatory, he spent seven years in the bass trombone chair of the Marlowe Street Big Band and toured with theatre orchestras, soul revues and chamber ensembles across two continents.",
        "In 2019 he founded LOE, the Lowenthorne Orchestral Ensemble: fourteen musicians, his own arrangements and a book of originals that swing hard and breathe deep. Today he writes, leads, sings and teaches from Port Alder, and still carries his horn to every jam session he can find.",
      ),
    },
    "about-hero-secondary": {
      title: "The Sound",
      description:
        "A dark, round low end, a baritone voice that leans into the lyric, and arrangements that give every section room to speak. Silas writes for the players in front of him, and it shows.",
    },
    "about-hero-image": {
      title: "Portrait of Silas Lowenthorne",
      description: assets.images.about.url,
    },
    "about-journey": {
      title: "The Journey",
      paragraphSpacing: "mb-4",
      description: lines(
        "Started on a dented school tenor trombone at eleven, and moved to bass trombone at fifteen because nobody else wanted the low parts.",
        "Spent his conservatory years transcribing big-band records by ear and singing bass in the jazz choir.",
        "Learned to lead from the back row: ten years on the road with big bands, pit orchestras and soul revues.",
        "Founded LOE in 2019. Three albums, a few hundred concerts and a growing library of original charts since.",
      ),
    },
    "about-influences": {
      title: "Musical Influences",
      paragraphSpacing: "mb-4",
      description:
        "The bands and voices that shaped the sound, from street parades and gospel choirs to the great section players who taught a generation how to lead from underneath.",
    },
    "about-collaborations": {
      title: "Collaborations",
      paragraphSpacing: "mb-4",
      description:
        "Stages and studios shared with artists across jazz, soul, theatre and orchestral music.",
    },
    "about-milestones": {
      title: "Milestones",
      paragraphSpacing: "mb-3",
      description: lines(
        "2012: Joins the Marlowe Street Big Band in the bass trombone chair",
        "2017: First album as leader, Lowlight Walk",
        "2019: Founds LOE; debut at the Meridian Concert Hall",
        "2022: Composer in residence at the Harbourlight Jazz Festival",
        "2024: Releases Velvet Slide and takes LOE on its first overseas tour",
      ),
    },

    media: {
      title: "Media Gallery",
      description:
        "Explore videos, photos, and social content showcasing performances, studio sessions, and behind-the-scenes moments",
    },

    loe: {
      title: "LOE",
      paragraphSpacing: "mb-4",
      description:
        "The Lowenthorne Orchestral Ensemble: fourteen musicians and one low-brass heartbeat. Watch the latest performances, listen to the sessions and step inside the gallery.",
    },
    "loe-banner-text": {
      title: "Contact banner",
      description:
        "Book LOE for your stage, festival or gala · Write to {email} · Big band, small group or duo",
    },

    "events-hero-title": { title: "Live Events", description: null },
    "events-hero-description": {
      title: "Events hero description",
      description:
        "From candle-lit club sets to festival main stages: catch Silas and LOE live this season, or join a low-brass masterclass.",
    },
    "events-upcoming-title": { title: "Upcoming Events", description: null },
    "events-past-title": { title: "Past Performances", description: null },

    "shop-hero-title": { title: "Official Store", description: null },
    "shop-hero-description": {
      title: "Shop hero description",
      description:
        "Records, lead sheets and merchandise straight from the bandstand. Every purchase helps fund new music from Silas and LOE.",
    },
    "shop-hero-shipping": {
      title: "Shipping note",
      description: "Free shipping on orders over $50",
    },
    "shop-hero-delivery": { title: "Delivery note", description: "Instant digital delivery" },
    "shop-featured-title": { title: "Featured Items", description: null },
    "shop-featured-description": {
      title: "Featured items description",
      description:
        "Hand-picked favourites: the new record, the lead sheets players ask for most and the shirt the whole band wears.",
    },
    "shop-catalog-title": { title: "All Products", description: null },

    "contact-hero-title": { title: "Get in Touch", description: null },
    "contact-hero-description": {
      title: "Contact hero description",
      description:
        "Bookings, commissions, masterclasses, interviews or a question about a chart: I read every message and reply personally.",
    },
    "contact-email": { title: "Email", description: DEMO_CONTACT_EMAIL },
    "contact-phone": { title: "Phone", description: "+1 (555) 014-2290" },
    "contact-location": { title: "Location", description: "Port Alder · touring worldwide" },
    "contact-instagram": {
      title: "Instagram",
      description: "https://www.instagram.com/silaslowenthorne",
    },
    "contact-youtube": {
      title: "YouTube",
      description: "https://www.youtube.com/@silaslowenthorne",
    },
    "contact-booking-title": { title: "Booking Inquiries", description: null },
    "contact-booking-email": { title: "Booking email", description: DEMO_BOOKING_EMAIL },

    "footer-instagram-url": {
      title: "Instagram",
      description: "https://www.instagram.com/silaslowenthorne",
    },
    "footer-facebook-url": {
      title: "Facebook",
      description: "https://www.facebook.com/silaslowenthornemusic",
    },
    "footer-twitter-url": { title: "Twitter", description: "https://twitter.com/silaslowenthorne" },
    "footer-soundcloud-url": {
      title: "SoundCloud",
      description: "https://soundcloud.com/silaslowenthorne",
    },
    "footer-bandcamp-url": {
      title: "Bandcamp",
      description: "https://silaslowenthorne.bandcamp.com",
    },
  };
}

// ---------------------------------------------------------------------------
// The whole site
// ---------------------------------------------------------------------------

const BANDCAMP = "https://silaslowenthorne.bandcamp.com";
const TICKETS = "https://tickets.example.com";
const youtube = (id: string) => `https://www.youtube.com/watch?v=${id}`;

// Invented 11-character video ids: the embeds exist only to exercise the players.
const VIDEO_IDS = {
  meridian: "Lw7kQ2vRx9A",
  studio: "Vs3nPp8TqLe",
  clinic: "Cs5hYt1MzWo",
  ballad: "Lb2rFj6NdKu",
  lantern: "Bl4nTq9XeRa",
  strings: "Bw8cHs2LoPm",
} as const;

export function buildDemoContent(assets: DemoAssets, today: Date): DemoContent {
  const img = assets.images;
  const photo = (name: keyof typeof img) => ({
    imageUrl: img[name].url,
    width: img[name].width,
    height: img[name].height,
  });
  const dims = (image: { width: number; height: number }) => ({
    width: image.width,
    height: image.height,
  });
  const loeImage = (
    name: keyof typeof img,
    title: string,
    altText: string,
    caption: string | null,
    visualWeight: number,
    orderIndex: number,
    isFeatured: boolean,
  ): Row<typeof loeImages> => ({
    title,
    altText,
    caption,
    ...photo(name),
    visualWeight,
    orderIndex,
    isFeatured,
  });

  // The premiere of Low & Bright: a past event, and the year of that collaboration.
  const stringsPremiere = isoDateFrom(today, -41);

  const pageContentRows = Object.entries(pageTexts(assets)).map(([pageName, text]) => ({
    pageName,
    title: text.title,
    description: text.description,
    paragraphSpacing: text.paragraphSpacing ?? null,
  }));

  return {
    pageContent: pageContentRows,

    pageSettings: [
      { pageName: "shop", isWorkInProgress: false, wipMessage: DEMO_MAINTENANCE_MESSAGE },
    ],

    themeSettings: [
      {
        name: "Midnight Gold",
        colors: { ...DEFAULT_THEME.colors },
        typography: { ...DEFAULT_THEME.typography },
        animations: { ...DEFAULT_THEME.animations },
        isActive: true,
      },
      {
        name: "Blue Note Velvet",
        colors: {
          primary: "212 85% 62%",
          secondary: "44 85% 58%",
          accent: "265 45% 58%",
          background: "222 42% 7%",
          foreground: "210 30% 94%",
          muted: "220 26% 15%",
          border: "220 22% 24%",
          destructive: "0 72% 55%",
          success: "150 55% 45%",
        },
        typography: { ...DEFAULT_THEME.typography },
        animations: { fade_duration: "1s", slide_duration: "0.7s" },
        isActive: false,
      },
    ],

    events: placeDemoTowns([
      {
        title: "LOE Live: Lowlight Walk Album Night",
        date: isoDateFrom(today, 9),
        time: "8:00 PM",
        venue: "The Copper Room",
        city: "Port Alder",
        description:
          "The full fourteen-piece ensemble plays the Lowlight Walk album from start to finish, plus two new charts written for this night. Doors at 7; dinner service until the first downbeat.",
        ticketUrl: `${TICKETS}/loe-copper-room`,
        imageUrl: img.eventAlbumNight.url,
        type: "live",
        status: "upcoming",
        isFeatured: true,
      },
      {
        title: "Silas Lowenthorne Trio: Songs for Low Brass",
        date: isoDateFrom(today, 24),
        time: "9:30 PM",
        venue: "Velvet Hour Supper Club",
        city: "Larkspur Bay",
        description:
          "An intimate late set: bass trombone, voice, piano and upright bass. Standards-style ballads, a few originals and the stories behind them.",
        ticketUrl: `${TICKETS}/velvet-hour-trio`,
        imageUrl: img.eventTrio.url,
        type: "live",
        status: "upcoming",
      },
      {
        title: "Harbour Lights Outdoor Concert",
        date: isoDateFrom(today, 38),
        time: "6:00 PM",
        venue: "Pier Nine Bandshell",
        city: "Saltmarsh Quay",
        description:
          "Cancelled because of renovation works on the pier. Ticket holders are refunded automatically; we will be back on the water once the pier reopens.",
        imageUrl: img.eventHarbourLights.url,
        type: "live",
        status: "cancelled",
      },
      {
        title: "Low Brass Masterclass and Open Rehearsal",
        date: isoDateFrom(today, 52),
        time: "2:00 PM",
        venue: "Ambermoor Conservatory Recital Hall",
        city: "Ambermoor",
        description:
          "Two hours on sound, time feel and section leading for trombonists, tubists and bassists of every level, followed by an open LOE rehearsal. Bring your horn.",
        ticketUrl: `${TICKETS}/ambermoor-masterclass`,
        imageUrl: img.eventMasterclass.url,
        type: "workshop",
        status: "upcoming",
      },
      {
        title: "Greyhaven Jazz Festival: LOE on the Main Stage",
        // The text says "Saturday night".
        date: isoDateFrom(today, daysToWeekday(today, 95, "Saturday")),
        time: "7:30 PM",
        venue: "Greyhaven Riverside Park",
        city: "Greyhaven",
        description:
          "LOE closes the festival's Saturday night with a ninety-minute set of originals and big-band arrangements, with guest vocalist Nadia Kestrel.",
        ticketUrl: `${TICKETS}/greyhaven-jazz-festival`,
        imageUrl: img.eventGreyhaven.url,
        type: "festival",
        status: "upcoming",
        isFeatured: true,
      },
      {
        title: "Velvet Slide: A Ballad Evening",
        date: isoDateFrom(today, 150),
        time: "7:00 PM",
        venue: "Meridian Concert Hall",
        city: "Westhollow",
        description:
          "Slow songs, low lights: Silas sings and plays the ballads from Velvet Slide with strings, rhythm section and the LOE horns.",
        ticketUrl: `${TICKETS}/meridian-velvet-slide`,
        imageUrl: img.eventBalladEvening.url,
        type: "live",
        status: "upcoming",
      },
      {
        title: "Late Set at the Blue Lantern",
        date: isoDateFrom(today, -12),
        time: "9:00 PM",
        venue: "The Blue Lantern",
        city: "Cinder Falls",
        description:
          "A packed room, a long jam after the last tune and a recording we are glad we made.",
        imageUrl: img.afterHours.url,
        videoUrl: youtube(VIDEO_IDS.lantern),
        type: "live",
        status: "past",
      },
      {
        title: "LOE with the Brightwater Chamber Strings",
        date: stringsPremiere,
        time: "7:30 PM",
        venue: "Brightwater Civic Auditorium",
        city: "Brightwater",
        description:
          "Premiere of the suite Low & Bright for big band and string orchestra, commissioned by the Brightwater Chamber Strings.",
        imageUrl: img.ensemble.url,
        videoUrl: youtube(VIDEO_IDS.strings),
        type: "live",
        status: "past",
      },
      {
        title: "Copper Street Release Show",
        date: isoDateFrom(today, -86),
        time: "8:00 PM",
        venue: "The Foundry Room",
        city: "Port Alder",
        description:
          "Release night for Copper Street, with the whole album played live and signed CDs at the merch table.",
        imageUrl: img.bellLight.url,
        type: "live",
        status: "past",
      },
      {
        title: "Young Brass Clinic Day",
        date: isoDateFrom(today, daysToWeekday(today, -160, "Saturday")),
        time: "11:00 AM",
        venue: "Westhollow Community Arts Centre",
        city: "Westhollow",
        description:
          "A day of ensemble playing and improvisation for young low-brass players, ending in a concert for families.",
        imageUrl: img.eventYoungBrassClinic.url,
        type: "workshop",
        status: "past",
      },
    ]),

    featuredVideos: [
      {
        title: "LOE Live at the Meridian: Copper Street",
        description:
          "The full ensemble opens the Meridian season with the title track of Copper Street.",
        embedId: VIDEO_IDS.meridian,
        orderIndex: 0,
      },
      {
        title: "Velvet Slide (Live Ballad Session)",
        description: "Silas sings and plays the title ballad with piano and strings, one take.",
        embedId: VIDEO_IDS.ballad,
        orderIndex: 1,
      },
      {
        title: "Foundry Room Studio Session",
        description: "Behind the glass while LOE tracks the horn section for the next record.",
        embedId: VIDEO_IDS.studio,
        orderIndex: 2,
      },
      {
        title: "Low Brass Clinic: Breathing and Sound",
        description:
          "Ten minutes from a masterclass on air, resonance and playing softly in the low register.",
        embedId: VIDEO_IDS.clinic,
        orderIndex: 3,
      },
    ],

    photoGallery: [
      {
        title: "Bell in the Spotlight",
        altText: "A gold bass trombone bell catching amber stage light",
        description: "Sound check before the Copper Street release show.",
        ...photo("bellLight"),
        visualWeight: 5,
        orderIndex: 1,
        isFeatured: true,
      },
      {
        title: "Solo Under the Spot",
        altText: "Silas playing bass trombone alone under a single spotlight",
        description: "The opening cadenza of Velvet Slide at the Meridian.",
        ...photo("soloSpot"),
        visualWeight: 6,
        orderIndex: 2,
        isFeatured: true,
      },
      {
        title: "The Full Band",
        altText: "LOE musicians silhouetted behind music stands under coloured stage lights",
        description: "Fourteen players, one long chord.",
        ...photo("ensemble"),
        visualWeight: 4,
        orderIndex: 3,
        isFeatured: true,
      },
      {
        title: "Supper Club Night",
        altText: "Candle-lit tables in front of a small stage with a trombonist",
        description: "Second set at the Velvet Hour Supper Club.",
        ...photo("clubNight"),
        visualWeight: 3,
        orderIndex: 4,
        isFeatured: true,
      },
      {
        title: "Charts on the Desk",
        altText: "Music staves and notes glowing in warm light",
        description: "New arrangements, still warm from the printer.",
        ...photo("staffGold"),
        visualWeight: 2,
        orderIndex: 5,
        isFeatured: true,
      },
      {
        title: "After Hours",
        altText: "Out-of-focus red and gold lights in a jazz club",
        description: "The jam session after the Blue Lantern gig.",
        ...photo("afterHours"),
        visualWeight: 3,
        orderIndex: 6,
      },
      {
        title: "Slide Detail",
        altText: "Close-up of a trombone slide and bell in ember light",
        description: null,
        ...photo("slideDetail"),
        visualWeight: 4,
        orderIndex: 7,
      },
      {
        title: "On the Road",
        altText: "A city skyline at night with warm window lights",
        description: "Arriving in Westhollow the night before the Meridian concert.",
        ...photo("cityTour"),
        visualWeight: 2,
        orderIndex: 8,
      },
    ],

    mediaItems: [
      {
        title: "LOE Live at the Meridian",
        description: "Full concert film: Copper Street and friends.",
        type: "video",
        url: youtube(VIDEO_IDS.meridian),
        thumbnailUrl: img.thumbLive.url,
        platform: "YouTube",
        width: img.thumbLive.width,
        height: img.thumbLive.height,
        isFeatured: true,
        createdAt: daysAgo(today, 3),
      },
      {
        title: "Solo Under the Spot",
        description: "Opening cadenza, Meridian Concert Hall.",
        type: "photo",
        url: img.soloSpot.url,
        ...dims(img.soloSpot),
        isFeatured: true,
        createdAt: daysAgo(today, 6),
      },
      {
        title: "Studio Session: Horn Section",
        description: "Tracking day at the Foundry Room.",
        type: "video",
        url: youtube(VIDEO_IDS.studio),
        thumbnailUrl: img.thumbStudio.url,
        platform: "YouTube",
        ...dims(img.thumbStudio),
        createdAt: daysAgo(today, 10),
      },
      {
        title: "Backstage Before the Downbeat",
        description: "Five minutes to places.",
        type: "photo",
        url: img.backstage.url,
        ...dims(img.backstage),
        createdAt: daysAgo(today, 14),
      },
      {
        title: "Rehearsal Night",
        description: "Reading new charts for the first time.",
        type: "social",
        url: "https://www.instagram.com/p/LoeRehearsal1/",
        thumbnailUrl: img.rehearsal.url,
        platform: "Instagram",
        ...dims(img.rehearsal),
        createdAt: daysAgo(today, 19),
      },
      {
        title: "Blue Hour",
        description: "Waiting for the doors to open in Larkspur Bay.",
        type: "photo",
        url: img.blueHour.url,
        ...dims(img.blueHour),
        createdAt: daysAgo(today, 25),
      },
      {
        title: "Low Brass Clinic Highlights",
        description: "Breathing, sound and the art of playing softly.",
        type: "video",
        url: youtube(VIDEO_IDS.clinic),
        thumbnailUrl: img.thumbClinic.url,
        platform: "YouTube",
        ...dims(img.thumbClinic),
        createdAt: daysAgo(today, 33),
      },
      {
        title: "Score Desk",
        description: "Where the arrangements happen, usually after midnight.",
        type: "social",
        url: "https://www.instagram.com/p/LoeScoreDesk/",
        thumbnailUrl: img.scoreDesk.url,
        platform: "Instagram",
        ...dims(img.scoreDesk),
        createdAt: daysAgo(today, 40),
      },
      {
        title: "Night Walk",
        description: "Between the sound check and the show.",
        type: "photo",
        url: img.nightWalk.url,
        ...dims(img.nightWalk),
        createdAt: daysAgo(today, 52),
      },
      {
        title: "Festival Crowd (draft)",
        description: "Hidden until the festival approves the photo.",
        type: "photo",
        url: img.festival.url,
        ...dims(img.festival),
        isVisible: false,
        createdAt: daysAgo(today, 1),
      },
    ],

    musicalInfluences: [
      "New Orleans second-line brass bands",
      "Kansas City shout choruses",
      "The bass trombone recordings of Cornelius Brackwater",
      "Gospel choirs and Sunday-morning organ trios",
      "Vocalist Ida Marchetti-Vale",
      "Film-noir orchestration",
      "Brazilian choro",
      "The Halden Lake Big Band",
    ].map((name, orderIndex) => ({ name, orderIndex })),

    collaborations: [
      { artist: "Marlowe Street Big Band", project: "Bass trombone chair", year: "2012–2019" },
      {
        artist: "The Orrin Vale Soul Revue",
        project: "Horn section leader, overseas tour",
        year: "2018",
      },
      {
        artist: "Ambermoor Conservatory",
        project: "Low-brass masterclass series",
        year: "2020–present",
      },
      {
        artist: "Nadia Kestrel",
        project: "Arrangements and trombone on the album Paper Lanterns",
        year: "2021",
      },
      { artist: "Harbourlight Jazz Festival", project: "Composer in residence", year: "2022" },
      {
        artist: "Brightwater Chamber Strings",
        project: "Low & Bright, suite for big band and strings",
        year: stringsPremiere.slice(0, 4),
      },
    ].map((row, orderIndex) => ({ ...row, orderIndex })),

    stats: [
      { iconName: "Music", numberValue: "500+", label: "Live performances" },
      { iconName: "Users", numberValue: "1,200+", label: "Students coached" },
      { iconName: "MapPin", numberValue: "14", label: "Countries toured" },
      { iconName: "Music", numberValue: "60+", label: "Original arrangements" },
    ].map((row, orderIndex) => ({ ...row, orderIndex })),

    loeVideos: [
      {
        title: "Copper Street (Live at the Meridian)",
        description:
          "LOE opens the Meridian season with the title track of Copper Street: shout chorus, trombone solo and a drum break the audience still talks about.",
        embedId: VIDEO_IDS.meridian,
        thumbnailUrl: img.thumbLive.url,
        orderIndex: 0,
      },
      {
        title: "Velvet Slide (Ballad Session)",
        description:
          "One take, low lights: Silas sings and plays the ballad with piano and strings.",
        embedId: VIDEO_IDS.ballad,
        thumbnailUrl: img.thumbBallad.url,
        orderIndex: 1,
      },
      {
        title: "In the Studio with LOE",
        description: "A look at the horn-section overdubs for the next record.",
        embedId: VIDEO_IDS.studio,
        thumbnailUrl: img.thumbStudio.url,
        orderIndex: 2,
      },
      {
        title: "Low & Bright (Premiere Excerpt)",
        description:
          "The finale of the suite for big band and strings, with the Brightwater Chamber Strings.",
        embedId: VIDEO_IDS.strings,
        thumbnailUrl: img.thumbStrings.url,
        orderIndex: 3,
      },
    ],

    // order_index 0 means "unprioritised": several of them exercise the gallery ordering.
    loeImages: [
      loeImage(
        "soloSpot",
        "Solo Under the Spot",
        "Silas alone under a single spotlight",
        "The opening cadenza.",
        6,
        1,
        true,
      ),
      loeImage(
        "ensemble",
        "The Full Band",
        "LOE silhouetted behind music stands",
        "Fourteen players, one long chord.",
        5,
        2,
        true,
      ),
      loeImage(
        "bellLight",
        "Bell in the Spotlight",
        "A gold trombone bell in amber light",
        null,
        4,
        3,
        true,
      ),
      loeImage(
        "afterHours",
        "After Hours",
        "Out-of-focus club lights in red and gold",
        "The jam after the last set.",
        2,
        0,
        false,
      ),
      loeImage("slideDetail", "Slide Detail", "Close-up of a trombone slide", null, 5, 4, false),
      loeImage(
        "clubNight",
        "Supper Club Night",
        "Candle-lit tables before a small stage",
        "Velvet Hour, second set.",
        3,
        0,
        false,
      ),
      loeImage(
        "staffGold",
        "New Charts",
        "Glowing staves and notes",
        "Fresh arrangements for the band.",
        1,
        0,
        false,
      ),
      loeImage("blueHour", "Blue Hour", "Blue and gold bokeh lights", null, 4, 5, false),
      loeImage(
        "backstage",
        "Backstage",
        "A performer waiting in the wings under a red light",
        "Five minutes to places.",
        3,
        0,
        false,
      ),
      loeImage(
        "scoreDesk",
        "Score Desk",
        "Music staves in ember light",
        "Where the arrangements happen.",
        2,
        6,
        false,
      ),
      loeImage("nightWalk", "Night Walk", "A city skyline at night", null, 1, 0, false),
    ].map((row, i) => ({ ...row, createdAt: daysAgo(today, 30 - i) })),

    loeAudioTracks: [
      {
        title: "Lowlight Walk",
        artist: `${ARTIST_NAME} & LOE`,
        album: "Lowlight Walk",
        sourceType: "file",
        audioUrl: assets.audio.lowlightWalk.url,
        artworkUrl: img.artLowlight.url,
        duration: Math.round(assets.audio.lowlightWalk.durationSeconds),
        orderIndex: 0,
      },
      {
        title: "Velvet Slide",
        artist: ARTIST_NAME,
        album: "Velvet Slide",
        sourceType: "file",
        audioUrl: assets.audio.velvetSlide.url,
        artworkUrl: img.artVelvet.url,
        duration: Math.round(assets.audio.velvetSlide.durationSeconds),
        orderIndex: 1,
      },
      {
        title: "Copper Street",
        artist: "LOE",
        album: "Copper Street",
        sourceType: "file",
        audioUrl: assets.audio.copperStreet.url,
        artworkUrl: img.artCopper.url,
        duration: Math.round(assets.audio.copperStreet.durationSeconds),
        orderIndex: 2,
      },
      {
        title: "LOE Live Sessions (Playlist)",
        artist: "LOE",
        album: "Live Sessions",
        sourceType: "soundcloud",
        soundcloudEmbedUrl: "https://soundcloud.com/silaslowenthorne/sets/loe-live-sessions",
        artworkUrl: img.artLoeLive.url,
        orderIndex: 3,
      },
    ],

    shopItems: [
      {
        title: "Lowlight Walk (Digital Album)",
        description:
          "The debut album: nine originals and arrangements for big band, in lossless and high-quality MP3 with a digital booklet.",
        price: 9.99,
        imageUrl: img.productLowlightDigital.url,
        category: "digital_music",
        tags: ["album", "digital", "big band"],
        bandcampUrl: `${BANDCAMP}/album/lowlight-walk`,
        isFeatured: true,
        purchaseCount: 84,
      },
      {
        title: "Copper Street (Signed CD)",
        description:
          "The up-tempo record, signed by Silas. Only a handful of signed copies are left from the release show.",
        price: 15.0,
        imageUrl: img.productCopperCd.url,
        category: "cd",
        tags: ["cd", "signed", "album"],
        inventoryCount: 3,
        isFeatured: true,
        purchaseCount: 57,
      },
      {
        title: "Lowlight Walk: Lead Sheet (PDF)",
        description:
          "Two-page lead sheet in concert pitch, bass clef: melody, chord symbols and solo changes. Download link by e-mail after purchase.",
        price: 6.99,
        imageUrl: img.productLowlightLeadSheet.url,
        category: "sheet_music",
        format: "PDF",
        tags: ["lead sheet", "bass clef", "pdf"],
        pdfFileUrl: assets.sheetMusic.lowlightWalk.key,
        downloadLimit: 5,
        downloadExpiryDays: 30,
        isFeatured: true,
        purchaseCount: 112,
      },
      {
        title: DEMO_TSHIRT_TITLE,
        description:
          "Heavyweight organic cotton in midnight black or sand with the gold LOE emblem. Unisex fit, sizes S to XXL.",
        price: 25.0,
        imageUrl: img.productTshirt.url,
        category: "merchandise",
        tags: ["apparel", "cotton", "unisex"],
        // Stock is counted per size and colour (demo-variants.server.ts).
        inventoryCount: null,
        options: DEMO_TSHIRT_OPTIONS,
        isFeatured: true,
        purchaseCount: 39,
      },
      {
        title: "Lowlight Walk (180g Vinyl LP)",
        description:
          "Gatefold double LP pressed on 180-gram vinyl. The first pressing is sold out; a repress is on its way.",
        price: 29.99,
        imageUrl: img.productLowlightVinyl.url,
        category: "physical_music",
        format: "Vinyl LP",
        tags: ["vinyl", "lp", "gatefold"],
        inventoryCount: 0,
        purchaseCount: 150,
      },
      {
        // Issue 24: a new record on pre-order, released three weeks after the seeding
        // day (so it stays ahead); its booklet is mailed to every buyer on that day.
        title: "Harbour Lights (Digital Album)",
        description:
          "The new album, out soon: ten new pieces for the quintet, with a digital booklet. Pre-order now and the download comes to your inbox on release day.",
        price: 12.0,
        imageUrl: img.productHarbourLights.url,
        category: "digital_music",
        tags: ["album", "digital", "new"],
        pdfFileUrl: assets.sheetMusic.harbourLights.key,
        downloadLimit: 5,
        downloadExpiryDays: 30,
        releaseDate: isoDateFrom(today, 21),
        isFeatured: false,
        purchaseCount: 0,
      },
      {
        title: "Velvet Slide (Digital Single)",
        description:
          "The title ballad from Velvet Slide, with an instrumental version on the B-side.",
        price: 1.49,
        imageUrl: img.productVelvetSingle.url,
        category: "digital_music",
        tags: ["single", "ballad", "digital"],
        bandcampUrl: `${BANDCAMP}/track/velvet-slide`,
        purchaseCount: 63,
      },
      {
        title: "LOE Live at the Meridian (CD)",
        description:
          "Recorded live on the opening night of the Meridian season: seventy minutes of the full ensemble.",
        price: 14.0,
        imageUrl: img.productLoeLiveCd.url,
        category: "cd",
        tags: ["cd", "live"],
        inventoryCount: 58,
        purchaseCount: 22,
      },
      {
        title: "Velvet Slide (Cassette)",
        description: "Limited run on gold cassette shells with a download code inside.",
        price: 11.0,
        imageUrl: img.productVelvetCassette.url,
        category: "physical_music",
        format: "Cassette",
        tags: ["cassette", "limited"],
        inventoryCount: 25,
        purchaseCount: 18,
      },
      {
        title: "Velvet Slide: Lead Sheet (PDF)",
        description:
          "The ballad as Silas plays it: melody, changes and phrasing marks, with the solo section on page two.",
        price: 5.99,
        imageUrl: img.productVelvetLeadSheet.url,
        category: "sheet_music",
        format: "PDF",
        tags: ["lead sheet", "ballad", "pdf"],
        pdfFileUrl: assets.sheetMusic.velvetSlide.key,
        downloadLimit: 5,
        downloadExpiryDays: 30,
        purchaseCount: 47,
      },
      {
        title: "Gold Slide Enamel Pin",
        description: "Hard enamel pin with gold plating, 30 mm, on a printed backing card.",
        price: 9.0,
        imageUrl: img.productPin.url,
        category: "merchandise",
        tags: ["pin", "accessory"],
        inventoryCount: 120,
        purchaseCount: 71,
      },
      {
        title: "Late Set Tote Bag",
        description:
          "Natural canvas tote, printed to order, big enough for a stack of charts and a practice mute.",
        price: 22.0,
        imageUrl: img.productTote.url,
        category: "merchandise",
        tags: ["bag", "canvas"],
        inventoryCount: null, // printed to order: stock is not tracked
        purchaseCount: 26,
      },
      {
        title: "Midnight Session Mug",
        description:
          "Stoneware mug in matte black with the gold emblem. For the coffee before the eleven o'clock rehearsal.",
        price: 16.0,
        imageUrl: img.productMug.url,
        category: "merchandise",
        tags: ["mug", "kitchen"],
        inventoryCount: 35,
        purchaseCount: 30,
      },
      {
        title: "Signed Tour Poster",
        description: "A2 art print from the last LOE tour, signed by the whole band.",
        price: 18.0,
        imageUrl: img.productPoster.url,
        category: "merchandise",
        tags: ["poster", "signed", "print"],
        inventoryCount: 15,
        purchaseCount: 12,
      },
      {
        title: "Blue Hour (Free Live Track)",
        description:
          "A live recording from the Blue Lantern, free to download as a thank-you for listening.",
        price: 0,
        imageUrl: img.productFreeTrack.url,
        category: "free_content",
        tags: ["free", "live"],
        bandcampUrl: `${BANDCAMP}/track/blue-hour-live`,
        purchaseCount: 240,
      },
    ].map((row, orderIndex) => ({ ...row, orderIndex })),

    newsletterSubscribers: demoSubscribers(today),
  };
}
