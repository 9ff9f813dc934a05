// Types only: the content registry itself stays out of the browser bundle.
import type { ParagraphSpacing } from "~/domain/content/page-content/registry";
import { cn } from "~/lib/cn";
import { LoeLogo } from "./loe-logo";

export interface LoeHeroProps {
  title: string;
  /** The description split on line breaks (done on the server). */
  paragraphs: string[];
  paragraphSpacing: ParagraphSpacing;
}

/** Title and description from the `loe` page content, with its paragraph spacing. */
export function LoeHero({ title, paragraphs, paragraphSpacing }: LoeHeroProps) {
  return (
    <section className="relative isolate overflow-hidden pb-14 pt-28 sm:pb-20 sm:pt-36">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.2),transparent_60%),radial-gradient(circle_at_85%_80%,hsl(var(--accent)/0.12),transparent_45%)]"
      />
      <div className="mx-auto flex max-w-4xl flex-col items-center px-5 text-center sm:px-8">
        <LoeLogo className="animate-fade-in size-24 sm:size-32" />
        <p className="mt-6 text-xs font-semibold uppercase tracking-[0.3em] text-primary">
          Lowenthorne Orchestral Ensemble
        </p>
        <h1 className="animate-slide-up mt-4 text-5xl leading-tight sm:text-6xl md:text-7xl">
          {title}
        </h1>
        {paragraphs.length > 0 && (
          <div className="animate-fade-in mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            {paragraphs.map((paragraph, i) => (
              <p key={i} className={cn(i < paragraphs.length - 1 && paragraphSpacing)}>
                {paragraph}
              </p>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
