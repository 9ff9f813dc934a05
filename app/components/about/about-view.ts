/**
 * The about page's text as its sections show it: the biography and the journey split
 * into paragraphs, the milestones split into year and text, the portrait's alt text.
 * The public page runs this in its loader (on the server, so the content registry
 * stays out of the public bundle); the back office runs it in the browser on the
 * artist's unsaved values for the live preview.
 */
import { contentDefinition, splitParagraphs } from "~/domain/content/page-content/registry";
import { ARTIST_NAME } from "~/domain/core/site";
import type { AboutContent, AboutLists, AboutPageView, Milestone } from "./about-sections";

/** The image entry's title describes the picture, unless it is still the registry's label. */
export function portraitAlt(title: string): string {
  return title === contentDefinition("about-hero-image").defaultTitle
    ? `Portrait of ${ARTIST_NAME}`
    : title;
}

/** "2019: Founds LOE" → year and text; lines without a year keep their text. */
export function milestone(line: string): Milestone {
  const match = /^\s*([^:]{1,20}?)\s*[:–-]\s+(.+)$/.exec(line);
  return match ? { year: match[1]!, text: match[2]! } : { year: null, text: line };
}

export function aboutPageView(content: AboutContent, lists: AboutLists): AboutPageView {
  return {
    content,
    bio: splitParagraphs(content["about-hero"].description),
    journey: splitParagraphs(content["about-journey"].description),
    milestones: splitParagraphs(content["about-milestones"].description).map(milestone),
    portraitAlt: portraitAlt(content["about-hero-image"].title),
    lists,
  };
}
