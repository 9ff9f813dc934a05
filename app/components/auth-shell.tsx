import { cn } from "~/lib/cn";

/** The centred card the sign-in and owner set-up screens sit in. */
export function AuthShell({
  eyebrow,
  title,
  description,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className="relative isolate flex min-h-[100svh] items-center justify-center px-5 pb-20 pt-28 sm:px-8">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.16),transparent_60%)]"
      />
      <div
        className={cn(
          "animate-slide-up w-full max-w-md rounded-3xl border border-border/70 bg-card/90 p-7 shadow-2xl shadow-black/40 backdrop-blur sm:p-10",
          className,
        )}
      >
        {eyebrow && (
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-primary">{eyebrow}</p>
        )}
        <h1 className="mt-3 text-3xl leading-tight sm:text-4xl">{title}</h1>
        {description && (
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{description}</p>
        )}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
