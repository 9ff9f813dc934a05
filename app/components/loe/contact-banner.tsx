import { Link } from "react-router";
import { Sparkle } from "lucide-react";

/** Public-site spec §9: the banner text repeats 8 times and scrolls over 120 s. */
export const BANNER_REPEATS = 8;

/** Where the banner's template takes the contact e-mail. */
export const BANNER_EMAIL_PLACEHOLDER = "{email}";

/** The banner text with its {email} placeholder filled in. */
export function bannerText(template: string, email: string): string {
  return template.replaceAll(BANNER_EMAIL_PLACEHOLDER, email);
}

/**
 * A band of scrolling text that links to /contact. It pauses while hovered or
 * focused, and stands still for visitors who ask for reduced motion.
 */
export function ContactBanner({ text }: { text: string }) {
  return (
    <Link
      to="/contact"
      aria-label={text}
      className="group block overflow-hidden border-y border-primary/30 bg-primary/10 py-4 text-primary transition-colors hover:bg-primary/15 focus-visible:-outline-offset-4"
    >
      <span
        aria-hidden
        className="loe-marquee flex w-max motion-reduce:w-full motion-reduce:justify-center group-hover:[animation-play-state:paused] group-focus-visible:[animation-play-state:paused]"
      >
        {Array.from({ length: BANNER_REPEATS }, (_, i) => (
          <span
            key={i}
            className={
              i === 0
                ? "flex shrink-0 items-center gap-8 px-4 text-sm font-medium uppercase tracking-[0.2em] motion-reduce:shrink motion-reduce:text-center sm:text-base"
                : "flex shrink-0 items-center gap-8 px-4 text-sm font-medium uppercase tracking-[0.2em] motion-reduce:hidden sm:text-base"
            }
          >
            <span className="whitespace-nowrap motion-reduce:whitespace-normal">{text}</span>
            <Sparkle className="size-4 shrink-0 motion-reduce:hidden" />
          </span>
        ))}
      </span>
    </Link>
  );
}
