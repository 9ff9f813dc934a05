/**
 * The about page's sections, rendered from props only: the public page renders them
 * from its loader's data, and the back office (/admin/about) renders the very same
 * sections from the artist's unsaved values as a live preview. Text arrives already
 * split into paragraphs (about-view.ts), so the content registry stays out of the
 * public bundle.
 */
import { MapPin, Music, Users, type LucideIcon } from "lucide-react";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { SmartImage } from "~/components/smart-image";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/section-heading";
import { cn } from "~/lib/cn";

/** One page-content entry as the sections read it. */
export interface AboutContentEntry {
  title: string;
  description: string | null;
  paragraphSpacing: string;
  /** The image entries' URL (description first, then title, then the default). */
  value: string;
}

export type AboutContentKey =
  | "about-hero"
  | "about-hero-secondary"
  | "about-hero-image"
  | "about-journey"
  | "about-influences"
  | "about-collaborations"
  | "about-milestones";

export type AboutContent = Record<AboutContentKey, AboutContentEntry>;

export interface Milestone {
  year: string | null;
  text: string;
}

export interface AboutInfluence {
  id: string;
  name: string;
}

export interface AboutCollaboration {
  id: string;
  artist: string;
  project: string;
  year: string;
}

export interface AboutStat {
  id: string;
  iconName: string;
  numberValue: string;
  label: string;
}

export interface AboutLists {
  influences: AboutInfluence[];
  collaborations: AboutCollaboration[];
  stats: AboutStat[];
}

/** Everything the about page shows, as its loader hands it over. */
export interface AboutPageView {
  content: AboutContent;
  bio: string[];
  journey: string[];
  milestones: Milestone[];
  portraitAlt: string;
  lists: AboutLists;
}

const STAT_ICONS: Record<string, LucideIcon> = { Music, Users, MapPin };

/** The icon of a statistic (Music for a name it does not know). */
export function statIcon(iconName: string): LucideIcon {
  return STAT_ICONS[iconName] ?? Music;
}

function Paragraphs({ paragraphs, spacing }: { paragraphs: string[]; spacing: string }) {
  return paragraphs.map((paragraph, i, all) => (
    <p key={i} className={cn(i < all.length - 1 && spacing)}>
      {paragraph}
    </p>
  ));
}

export function AboutHero({
  content,
  bio,
  portraitAlt,
  imagePriority = true,
}: Pick<AboutPageView, "content" | "bio" | "portraitAlt"> & {
  /** The public page loads (and preloads) its portrait first; a preview does not. */
  imagePriority?: boolean;
}) {
  const hero = content["about-hero"];
  const secondary = content["about-hero-secondary"];
  return (
    <section className="relative isolate overflow-hidden pb-16 pt-28 sm:pb-24 sm:pt-36">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,hsl(var(--primary)/0.14),transparent_55%)]"
      />
      <Container className="grid items-start gap-12 lg:grid-cols-[1.15fr_0.85fr] lg:gap-16">
        <div>
          <p className="mb-4 text-xs font-semibold uppercase tracking-[0.3em] text-primary">
            Biography
          </p>
          <h1 className="animate-slide-up text-4xl leading-tight sm:text-5xl md:text-6xl">
            {hero.title}
          </h1>
          <div className="mt-8 max-w-2xl text-lg leading-relaxed text-foreground/85">
            <Paragraphs paragraphs={bio} spacing={hero.paragraphSpacing} />
          </div>
          {secondary.description && (
            <aside className="mt-10 max-w-2xl border-l-2 border-primary/70 pl-6">
              <h2 className="text-2xl text-primary">{secondary.title}</h2>
              <p className="mt-3 text-base leading-relaxed text-muted-foreground">
                {secondary.description}
              </p>
            </aside>
          )}
        </div>
        <div className="relative mx-auto w-full max-w-md lg:sticky lg:top-24">
          <div
            aria-hidden
            className="absolute -inset-3 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/40 via-transparent to-accent/30 blur-2xl"
          />
          <SmartImage
            src={content["about-hero-image"].value}
            alt={portraitAlt}
            aspectRatio="3 / 4"
            priority={imagePriority}
            preload={imagePriority}
            sizes="(min-width: 1024px) 448px, 90vw"
            className="rounded-3xl border border-border/60 shadow-2xl shadow-black/50"
          />
        </div>
      </Container>
    </section>
  );
}

export function AboutStats({ stats }: { stats: readonly AboutStat[] }) {
  if (stats.length === 0) return null;
  return (
    <section aria-label="In numbers" className="border-y border-border/50 bg-card/50">
      <Container>
        <ul className="grid grid-cols-2 divide-border/50 py-10 sm:py-12 lg:grid-cols-4 lg:divide-x">
          {stats.map((stat) => {
            const Icon = statIcon(stat.iconName);
            return (
              <li key={stat.id} className="flex flex-col items-center px-4 py-4 text-center">
                <Icon aria-hidden className="size-6 text-primary" />
                <span className="mt-3 font-display text-4xl text-foreground sm:text-5xl">
                  {stat.numberValue}
                </span>
                <span className="mt-2 text-sm uppercase tracking-[0.18em] text-muted-foreground">
                  {stat.label}
                </span>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}

export function AboutJourney({
  content,
  journey,
  milestones,
}: Pick<AboutPageView, "content" | "journey" | "milestones">) {
  if (journey.length === 0 && milestones.length === 0) return null;
  const journeyEntry = content["about-journey"];
  return (
    <section aria-labelledby="journey-title" className="py-20 sm:py-28">
      <Container className="grid gap-14 lg:grid-cols-2">
        {journey.length > 0 && (
          <div>
            <SectionHeading id="journey-title" title={journeyEntry.title} align="left" />
            <div className="text-base leading-relaxed text-foreground/85 sm:text-lg">
              <Paragraphs paragraphs={journey} spacing={journeyEntry.paragraphSpacing} />
            </div>
          </div>
        )}
        {milestones.length > 0 && (
          <div>
            <SectionHeading
              id={journey.length > 0 ? undefined : "journey-title"}
              title={content["about-milestones"].title}
              align="left"
            />
            <ol className="relative space-y-6 border-l border-primary/40 pl-8">
              {milestones.map((m, i) => (
                <li key={i} className="relative">
                  <span
                    aria-hidden
                    className="absolute -left-[2.32rem] top-1.5 size-3 rounded-full border-2 border-primary bg-background"
                  />
                  {m.year && (
                    <span className="block font-display text-xl text-primary">{m.year}</span>
                  )}
                  <span className="block text-foreground/85">{m.text}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </Container>
    </section>
  );
}

export function AboutInfluences({
  content,
  influences,
}: {
  content: Pick<AboutContent, "about-influences">;
  influences: readonly AboutInfluence[];
}) {
  if (influences.length === 0) return null;
  return (
    <section
      aria-labelledby="influences-title"
      className="border-t border-border/40 bg-card/30 py-20 sm:py-28"
    >
      <Container>
        <SectionHeading
          id="influences-title"
          eyebrow="Listening"
          title={content["about-influences"].title}
          description={content["about-influences"].description}
        />
        <ul className="mx-auto flex max-w-4xl flex-wrap justify-center gap-3">
          {influences.map((influence) => (
            <li
              key={influence.id}
              className="rounded-full border border-primary/30 bg-background/60 px-5 py-2.5 text-sm text-foreground/90"
            >
              {influence.name}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function AboutCollaborations({
  content,
  collaborations,
}: {
  content: Pick<AboutContent, "about-collaborations">;
  collaborations: readonly AboutCollaboration[];
}) {
  if (collaborations.length === 0) return null;
  return (
    <section aria-labelledby="collaborations-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="collaborations-title"
          eyebrow="Shared stages"
          title={content["about-collaborations"].title}
          description={content["about-collaborations"].description}
        />
        <ul className="mx-auto grid max-w-5xl gap-4 sm:grid-cols-2">
          {collaborations.map((c) => (
            <li
              key={c.id}
              className="flex items-start justify-between gap-4 rounded-2xl border border-border/60 bg-card p-5 sm:p-6"
            >
              <div>
                <h3 className="text-lg leading-snug">{c.artist}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{c.project}</p>
              </div>
              <span className="shrink-0 rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary">
                {c.year}
              </span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** The whole about page, section by section, in the public page's order. */
export function AboutPageSections({ view }: { view: AboutPageView }) {
  const { content, lists } = view;
  return (
    <>
      <HydrateLater>
        <AboutHero content={content} bio={view.bio} portraitAlt={view.portraitAlt} />
      </HydrateLater>
      <HydrateLater>
        <AboutStats stats={lists.stats} />
      </HydrateLater>
      <HydrateLater>
        <AboutJourney content={content} journey={view.journey} milestones={view.milestones} />
      </HydrateLater>
      <HydrateLater>
        <AboutInfluences content={content} influences={lists.influences} />
      </HydrateLater>
      <HydrateLater>
        <AboutCollaborations content={content} collaborations={lists.collaborations} />
      </HydrateLater>
    </>
  );
}
