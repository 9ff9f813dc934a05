import { Link } from "react-router";
import { Headphones } from "lucide-react";
import { splitHeroTitle } from "~/domain/content/page-content/hero-title";
import { SmartImage } from "./smart-image";
import { buttonVariants } from "./ui/button";

export interface HomeHeroProps {
  title: string;
  subtitle: string | null;
  description: string | null;
  imageUrl: string;
}

export function HomeHero({ title, subtitle, description, imageUrl }: HomeHeroProps) {
  return (
    <section className="relative isolate flex min-h-[100svh] items-end overflow-hidden pb-20 pt-32 sm:items-center sm:pb-0">
      {/* The page's LCP element: eager, high priority and preloaded in the head. */}
      <SmartImage src={imageUrl} alt="" fill priority preload sizes="100vw" className="-z-20" />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_top,hsl(var(--background))_2%,hsl(var(--background)/0.55)_45%,hsl(var(--background)/0.25)),radial-gradient(ellipse_at_20%_40%,hsl(var(--primary)/0.12),transparent_55%)]"
      />
      <div className="mx-auto w-full max-w-6xl px-5 sm:px-8">
        {subtitle && (
          <p className="animate-fade-in mb-5 text-xs font-semibold uppercase tracking-[0.35em] text-primary sm:text-sm">
            {subtitle}
          </p>
        )}
        <h1 className="animate-rise max-w-4xl text-5xl leading-[1.05] sm:text-7xl md:text-8xl">
          {splitHeroTitle(title).map((word, i) => (
            <span key={i} className={word.highlighted ? "italic text-gold-gradient" : undefined}>
              {i > 0 ? " " : ""}
              {word.text}
            </span>
          ))}
        </h1>
        {description && (
          <p className="animate-rise mt-6 max-w-xl text-lg leading-relaxed text-foreground/85">
            {description}
          </p>
        )}
        <div className="mt-10">
          <Link to="/loe" className={buttonVariants({ size: "lg" })}>
            <Headphones aria-hidden /> Listen Now
          </Link>
        </div>
      </div>
    </section>
  );
}
