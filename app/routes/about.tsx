import { MapPin, Music, Users, type LucideIcon } from "lucide-react";
import type { Route } from "./+types/about";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SmartImage } from "~/components/smart-image";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/section-heading";
import { contentDefinition, splitParagraphs } from "~/domain/page-content";
import { ARTIST_NAME } from "~/domain/site";
import { artistJsonLd, jsonLdMeta, pageTitle, seoMeta, siteMetaData } from "~/domain/seo";
import { FOOTER_LINK_KEYS, socialLinksFromContent } from "~/domain/social-links";
import { cn } from "~/lib/cn";
import { publicPageHeaders } from "~/lib/http-cache";
import { loadPageContent } from "~/server/content/pages.server";
import { orNull } from "~/server/core/settle.server";
import { loadAboutLists } from "~/server/content/about-lists.server";
import { ABOUT_PAGE_KEYS } from "~/domain/page-content-keys";

/** The image entry's title describes the picture, unless it is still the registry's label. */
function portraitAlt(title: string): string {
  return title === contentDefinition("about-hero-image").defaultTitle
    ? `Portrait of ${ARTIST_NAME}`
    : title;
}

/** "2019: Founds LOE" → year and text; lines without a year keep their text. */
function milestone(line: string): { year: string | null; text: string } {
  const match = /^\s*([^:]{1,20}?)\s*[:–-]\s+(.+)$/.exec(line);
  return match ? { year: match[1]!, text: match[2]! } : { year: null, text: line };
}

export async function loader() {
  const [content, lists, footer] = await Promise.all([
    loadPageContent(ABOUT_PAGE_KEYS),
    orNull(loadAboutLists(), "about lists"),
    orNull(loadPageContent(FOOTER_LINK_KEYS), "footer links"),
  ]);
  // Text is split here, on the server, so the content registry stays out of the browser.
  return {
    content,
    bio: splitParagraphs(content["about-hero"].description),
    journey: splitParagraphs(content["about-journey"].description),
    milestones: splitParagraphs(content["about-milestones"].description).map(milestone),
    portraitAlt: portraitAlt(content["about-hero-image"].title),
    lists: lists ?? { influences: [], collaborations: [], stats: [] },
    sameAs: footer ? socialLinksFromContent(footer).map((l) => l.url) : [],
  };
}

export const headers = publicPageHeaders;

const STAT_ICONS: Record<string, LucideIcon> = { Music, Users, MapPin };

function Paragraphs({ paragraphs, spacing }: { paragraphs: string[]; spacing: string }) {
  return paragraphs.map((paragraph, i, all) => (
    <p key={i} className={cn(i < all.length - 1 && spacing)}>
      {paragraph}
    </p>
  ));
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { content, lists, bio, journey: journeyParagraphs, milestones } = loaderData;
  const hero = content["about-hero"];
  const secondary = content["about-hero-secondary"];
  const journey = content["about-journey"];

  return (
    <>
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
              alt={loaderData.portraitAlt}
              aspectRatio="3 / 4"
              priority
              preload
              sizes="(min-width: 1024px) 448px, 90vw"
              className="rounded-3xl border border-border/60 shadow-2xl shadow-black/50"
            />
          </div>
        </Container>
      </section>

      {lists.stats.length > 0 && (
        <section aria-label="In numbers" className="border-y border-border/50 bg-card/50">
          <Container>
            <ul className="grid grid-cols-2 divide-border/50 py-10 sm:py-12 lg:grid-cols-4 lg:divide-x">
              {lists.stats.map((stat) => {
                const Icon = STAT_ICONS[stat.iconName] ?? Music;
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
      )}

      {(journeyParagraphs.length > 0 || milestones.length > 0) && (
        <section aria-labelledby="journey-title" className="py-20 sm:py-28">
          <Container className="grid gap-14 lg:grid-cols-2">
            {journeyParagraphs.length > 0 && (
              <div>
                <SectionHeading id="journey-title" title={journey.title} align="left" />
                <div className="text-base leading-relaxed text-foreground/85 sm:text-lg">
                  <Paragraphs paragraphs={journeyParagraphs} spacing={journey.paragraphSpacing} />
                </div>
              </div>
            )}
            {milestones.length > 0 && (
              <div>
                <SectionHeading
                  id={journeyParagraphs.length > 0 ? undefined : "journey-title"}
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
      )}

      {lists.influences.length > 0 && (
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
              {lists.influences.map((influence) => (
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
      )}

      {lists.collaborations.length > 0 && (
        <section aria-labelledby="collaborations-title" className="py-20 sm:py-28">
          <Container>
            <SectionHeading
              id="collaborations-title"
              eyebrow="Shared stages"
              title={content["about-collaborations"].title}
              description={content["about-collaborations"].description}
            />
            <ul className="mx-auto grid max-w-5xl gap-4 sm:grid-cols-2">
              {lists.collaborations.map((c) => (
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
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteMetaData(matches);
  if (!loaderData) return [{ title: pageTitle("About") }];
  const { content, sameAs } = loaderData;
  const bio = loaderData.bio[0] ?? null;
  return [
    ...seoMeta({
      siteUrl: site.siteUrl,
      title: pageTitle(content["about-hero"].title),
      description: bio ?? content["about-hero-secondary"].description,
      path: "/about",
      image: content["about-hero-image"].value,
      imageAlt: content["about-hero-image"].title,
      type: "profile",
    }),
    ...jsonLdMeta([
      artistJsonLd({
        siteUrl: site.siteUrl,
        description: bio,
        image: content["about-hero-image"].value,
        sameAs,
      }),
    ]),
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
