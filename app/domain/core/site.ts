/** The fictional artist of the demo site, and the fixed facts the spec names. */
export const ARTIST_NAME = "Silas Lowenthorne";
export const SITE_NAME = "Silas Lowenthorne";
export const SITE_TAGLINE = "Bass trombone · voice · composition";
export const SITE_TAGLINE_SHORT = "Jazz bass trombone";
export const CURRENCY = "USD";
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export const NAV_LINKS = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Media", to: "/media" },
  { label: "LOE", to: "/loe" },
  { label: "Shop", to: "/shop" },
  { label: "Contact", to: "/contact" },
] as const;

/** On the artist's production host the index redirects to /loe and Home points at /home. */
export function homeHref(isProductionHost: boolean): string {
  return isProductionHost ? "/home" : "/";
}

export function isProductionHost(requestHost: string | null, productionHost?: string): boolean {
  if (!productionHost || !requestHost) return false;
  const strip = (h: string) => h.toLowerCase().replace(/:\d+$/, "");
  return strip(requestHost) === strip(productionHost);
}

/** The cart badge never shows more than two digits. */
export function cartBadgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
