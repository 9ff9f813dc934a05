/**
 * The back office's fixed facts (admin spec §2, §8): the dashboard's link cards,
 * the screens' titles, the toasts, and the forms shared by browser and server.
 */
import { z } from "../core/zod";
import { normalizeEmail } from "../auth/auth";

export interface AdminScreen {
  /** Path under /admin, without a leading slash. */
  path: string;
  title: string;
  description: string;
  /** A lucide icon name; the dashboard maps it to a component. */
  icon: AdminIcon;
  /**
   * Only people whose allow-list entry has "Admin privileges" may open the screen and
   * do what it offers (docs/decisions/014): money and people's personal data. The
   * server refuses everyone else in every loader and action under its path; the
   * dashboard does not show them the card.
   */
  privileged?: boolean;
}

export type AdminIcon =
  | "home"
  | "user"
  | "calendar"
  | "ticket"
  | "shopping-bag"
  | "image"
  | "file-text"
  | "video"
  | "images"
  | "layout-list"
  | "store"
  | "mail"
  | "users"
  | "palette"
  | "link"
  | "receipt"
  | "inbox"
  | "mail-check"
  | "history"
  | "truck"
  | "percent"
  | "chart";

/** The link cards of the dashboard: the spec's 13 in its order, with Shipping (issue 24) after Shop. */
export const DASHBOARD_CARDS: readonly AdminScreen[] = [
  {
    path: "home",
    title: "Home Page",
    description: "Hero, featured videos, photo gallery and call-to-action sections.",
    icon: "home",
  },
  {
    path: "about",
    title: "About Page",
    description: "Biography, influences, collaborations and statistics.",
    icon: "user",
  },
  {
    path: "events",
    title: "Events",
    description: "Upcoming, past and cancelled performances.",
    icon: "calendar",
  },
  {
    path: "shop",
    title: "Shop",
    description: "Products, prices, stock, ordering and downloads.",
    icon: "shopping-bag",
  },
  {
    path: "shipping",
    title: "Shipping",
    description: "Zones of countries with their rates, free shipping above an order value, or off.",
    icon: "truck",
    // A shop setting like prices and stock on the Shop screen: no Admin privileges needed.
  },
  {
    path: "media",
    title: "Media Gallery",
    description: "Photos, videos and social posts on the media page.",
    icon: "image",
  },
  {
    path: "loe",
    title: "LOE Page",
    description: "Letters of Endorsement: videos, audio tracks, images and the banner.",
    icon: "file-text",
  },
  {
    path: "featured-videos",
    title: "Featured Videos",
    description: "The videos featured on the home page, in display order.",
    icon: "video",
  },
  {
    path: "photo-gallery",
    title: "Photo Gallery",
    description: "Gallery photos, their order and the home carousel.",
    icon: "images",
  },
  {
    path: "page-content",
    title: "Page Content",
    description: "Every editable title and description across the site.",
    icon: "layout-list",
  },
  {
    path: "shop-content",
    title: "Shop Content",
    description: "The shop page's hero, shipping and featured texts.",
    icon: "store",
  },
  {
    path: "contact",
    title: "Contact & Footer",
    description: "Contact details, booking information and footer links.",
    icon: "mail",
  },
  {
    path: "user-management",
    title: "User Management",
    description: "The e-mail addresses allowed to sign in.",
    icon: "users",
  },
  {
    path: "theme",
    title: "Theme Settings",
    description: "Colour themes, fonts and animation timing.",
    icon: "palette",
  },
] as const;

/**
 * The artist's business view, beyond the spec's screens (issue 11): what was sold,
 * who wrote, who listens, and who changed what. The dashboard shows them as a second
 * group of cards.
 */
export const BUSINESS_SCREENS: readonly AdminScreen[] = [
  {
    path: "discounts",
    title: "Discount Codes",
    description: "Codes fans type in the cart: percent or amount off, with their uses and revenue.",
    icon: "percent",
    // Each code's revenue is money: like the orders, for Admin privileges (decision 014).
    privileged: true,
  },
  {
    path: "download-codes",
    title: "Download Codes",
    description: "Single-use codes for a digital item: print cards, see redemptions, revoke.",
    icon: "ticket",
    // Redemptions name fans by their e-mail address: personal data (decision 014).
    privileged: true,
  },
  {
    path: "analytics",
    title: "Analytics",
    description: "Visitors, sources, plays, ticket clicks and sales: counted without cookies.",
    icon: "chart",
    // Sales and revenue by source are money: for Admin privileges (decision 014).
    privileged: true,
  },
  {
    path: "orders",
    title: "Orders",
    description: "Every order: lines, payments, downloads, refunds and shipping.",
    icon: "receipt",
    privileged: true,
  },
  {
    path: "messages",
    title: "Messages",
    description: "Contact form messages and whether their mail was delivered.",
    icon: "inbox",
    privileged: true,
  },
  {
    path: "newsletter",
    title: "Newsletter",
    description:
      "Write letters to your confirmed subscribers, preview, test, send or schedule them.",
    icon: "mail",
    // It mails subscribers in bulk and shows who clicked what: Admin privileges (decision 014).
    privileged: true,
  },
  {
    path: "subscribers",
    title: "Subscribers",
    description: "The newsletter's subscribers, with a CSV export.",
    icon: "mail-check",
    privileged: true,
  },
  {
    path: "audit-log",
    title: "Audit Log",
    description: "Who changed what in the back office, and when.",
    icon: "history",
    privileged: true,
  },
] as const;

/** Every admin screen of the spec's route table besides the dashboard, then the business view. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  ...DASHBOARD_CARDS,
  {
    path: "footer",
    title: "Footer Links",
    description: "The footer's social link addresses.",
    icon: "link",
  },
  ...BUSINESS_SCREENS,
];

export function adminScreen(path: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((s) => s.path === path);
}

/**
 * What needs "Admin privileges" (docs/decisions/014), as the first path segment under
 * /admin: the screens declared `privileged`, and the CSV exports of their data
 * (/admin/export/orders, /admin/export/subscribers). A new screen that shows money or
 * people's personal data, or mails buyers or subscribers in bulk, declares
 * `privileged: true` in the registry above; a new resource route of that kind adds
 * its first segment here.
 */
export const PRIVILEGED_ADMIN_SEGMENTS: ReadonlySet<string> = new Set([
  ...ADMIN_SCREENS.filter((s) => s.privileged).map((s) => s.path),
  "export",
]);

/**
 * Whether a request for `pathname` (a page, its `.data` request, an action or a
 * resource route) needs Admin privileges. Read the way React Router matches routes:
 * percent-decoded and case-insensitive, so /admin/ORDERS or /admin/%6Frders is the
 * orders screen here too. Empty segments are dropped (//), which can only add checks.
 */
export function needsAdminPrivileges(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: React Router matches the raw text, and so does this.
  }
  const segments = decoded.toLowerCase().split("/").filter(Boolean);
  const last = segments.length - 1;
  if (last >= 0) segments[last] = segments[last]!.replace(/\.data$/, "");
  return segments[0] === "admin" && PRIVILEGED_ADMIN_SEGMENTS.has(segments[1] ?? "");
}

/** Said to someone on the allow-list without "Admin privileges" who tries what needs them. */
export const ADMIN_PRIVILEGES_TEXT = {
  title: "Admin privileges needed",
  refused: "Only people with Admin privileges can do this. Please contact an administrator.",
  screenRefused:
    "This screen shows money or people's personal data, which only people with Admin privileges can see. Ask an administrator if you need it.",
} as const;

export const ADMIN_TEXT = {
  maintenanceOn: "Maintenance mode is ON",
  maintenanceOff: "Shop is LIVE",
  maintenanceUpdated: "Shop maintenance mode updated",
  maintenanceFailed: "Failed to update shop maintenance mode.",
  messageUpdated: "Maintenance message updated",
  messageFailed: "Failed to update maintenance message.",
  emailAdded: "Email added successfully",
  emailAddFailed: "Failed to add email",
  emailRemoved: "Email removed successfully",
  emailRemoveFailed: "Failed to remove email",
  emailsFetchFailed: "Failed to fetch allowed emails",
  primaryAdminProtected: "Cannot remove the primary admin email",
  privilegesGiven: "Admin privileges given",
  privilegesTaken: "Admin privileges taken away",
  privilegesChangeFailed: "Failed to change Admin privileges",
  primaryAdminKeepsPrivileges: "The primary admin always has Admin privileges",
  errorTitle: "Error",
} as const;

export const MAINTENANCE_MESSAGE_MAX_LENGTH = 500;

export const maintenanceToggleSchema = z.object({
  intent: z.literal("set-maintenance"),
  enabled: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export const maintenanceMessageSchema = z.object({
  intent: z.literal("set-message"),
  message: z
    .string()
    .trim()
    .max(
      MAINTENANCE_MESSAGE_MAX_LENGTH,
      `The message must be under ${MAINTENANCE_MESSAGE_MAX_LENGTH} characters`,
    ),
});

export const addAllowedEmailSchema = z.object({
  intent: z.literal("add"),
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .pipe(z.email("Please enter a valid email address"))
    .transform(normalizeEmail),
  isAdmin: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

export const removeAllowedEmailSchema = z.object({
  intent: z.literal("remove"),
  id: z.uuid("Unknown entry"),
});

/** Gives or takes "Admin privileges" on an entry that stays on the list (and signed in). */
export const setAdminPrivilegesSchema = z.object({
  intent: z.literal("set-admin"),
  id: z.uuid("Unknown entry"),
  isAdmin: z.enum(["true", "false"], "Please choose yes or no").transform((v) => v === "true"),
});
