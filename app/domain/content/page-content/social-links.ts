import type { ContentMap } from "./registry";

export const FOOTER_LINK_KEYS = [
  "footer-instagram-url",
  "footer-facebook-url",
  "footer-twitter-url",
  "footer-soundcloud-url",
  "footer-bandcamp-url",
] as const;
export type FooterLinkKey = (typeof FOOTER_LINK_KEYS)[number];

export interface SocialLink {
  key: FooterLinkKey;
  label: string;
  url: string;
}

/** Only http(s) links are shown, so a typo in the admin never yields a javascript: link. */
export function socialLinksFromContent(content: ContentMap<FooterLinkKey>): SocialLink[] {
  return FOOTER_LINK_KEYS.flatMap((key) => {
    const entry = content[key];
    const url = entry.description?.trim() ?? "";
    if (!/^https?:\/\/\S+$/i.test(url)) return [];
    return [{ key, label: entry.title, url }];
  });
}
