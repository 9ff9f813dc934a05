import { cn } from "~/lib/cn";

export interface PageHeroProps {
  title: string;
  description?: string | null;
  eyebrow?: string;
  imageUrl?: string | null;
  className?: string;
  children?: React.ReactNode;
}

/** The hero band at the top of every inner page. */
export function PageHero({
  title,
  description,
  eyebrow,
  imageUrl,
  className,
  children,
}: PageHeroProps) {
  return (
    <section
      className={cn(
        "relative isolate overflow-hidden border-b border-border/50 pb-16 pt-32 sm:pb-20 sm:pt-40",
        className,
      )}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className="absolute inset-0 -z-20 size-full object-cover opacity-35"
          fetchPriority="high"
        />
      ) : null}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.18),transparent_60%),linear-gradient(to_bottom,transparent,hsl(var(--background)))]"
      />
      <div className="mx-auto max-w-4xl px-5 text-center sm:px-8">
        {eyebrow && (
          <p className="mb-4 text-xs font-semibold uppercase tracking-[0.3em] text-primary">
            {eyebrow}
          </p>
        )}
        <h1 className="animate-slide-up text-4xl leading-tight sm:text-5xl md:text-6xl">{title}</h1>
        {description && (
          <p className="animate-fade-in mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            {description}
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
