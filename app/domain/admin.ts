/**
 * The back office's fixed facts (admin spec §2, §8): the dashboard's link cards,
 * the screens' titles, the toasts, and the forms shared by browser and server.
 */
import { z } from "zod";
import { normalizeEmail } from "./auth";

export interface AdminScreen {
  /** Path under /admin, without a leading slash. */
  path: string;
  title: string;
  description: string;
  /** A lucide icon name; the dashboard maps it to a component. */
  icon: AdminIcon;
}

export type AdminIcon =
  | "home"
  | "user"
  | "calendar"
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
  | "history";

/** The 13 link cards of the dashboard, in the spec's order. */
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
    path: "orders",
    title: "Orders",
    description: "Every order: lines, payments, downloads, refunds and shipping.",
    icon: "receipt",
  },
  {
    path: "messages",
    title: "Messages",
    description: "Contact form messages and whether their mail was delivered.",
    icon: "inbox",
  },
  {
    path: "subscribers",
    title: "Subscribers",
    description: "The newsletter's subscribers, with a CSV export.",
    icon: "mail-check",
  },
  {
    path: "audit-log",
    title: "Audit Log",
    description: "Who changed what in the back office, and when.",
    icon: "history",
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
