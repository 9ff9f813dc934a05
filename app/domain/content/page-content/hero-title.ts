export interface HeroTitleWord {
  text: string;
  highlighted: boolean;
}

/** Splits a hero title into words; the second word is the highlighted one. */
export function splitHeroTitle(title: string): HeroTitleWord[] {
  return title
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((text, index) => ({ text, highlighted: index === 1 }));
}
