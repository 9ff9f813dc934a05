/**
 * The contact page's social entries may hold a full URL or just a handle; these turn
 * either into a safe link and a short label.
 */

export interface ProfileLink {
  href: string;
  label: string;
}

function handleFromUrl(url: URL): string | null {
  const first = url.pathname.split("/").filter(Boolean)[0];
  if (!first) return null;
  return first.startsWith("@") ? first : `@${first}`;
}

export function profileLink(value: string | null | undefined, base: string): ProfileLink | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return { href: url.href, label: handleFromUrl(url) ?? url.hostname };
    } catch {
      return null;
    }
  }
  const handle = text.replace(/^@/, "");
  if (!/^[\w.-]{1,100}$/.test(handle)) return null;
  return { href: `${base}${handle}`, label: `@${handle}` };
}

export const instagramLink = (v: string | null | undefined) =>
  profileLink(v, "https://www.instagram.com/");
export const youtubeLink = (v: string | null | undefined) =>
  profileLink(v, "https://www.youtube.com/@");

/** A tel: link keeps digits and a leading plus only. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;
}
