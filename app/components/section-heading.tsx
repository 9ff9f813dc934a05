import { cn } from "~/lib/cn";

export interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string | null;
  align?: "left" | "center";
  className?: string;
  children?: React.ReactNode;
}

/** The heading block of a page section: small gold eyebrow, serif title, muted lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  className,
  children,
}: SectionHeadingProps) {
  return (
    <div
      className={cn(
        "mb-10 sm:mb-14",
        align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl",
        className,
      )}
    >
      {eyebrow && (
        <p className="mb-3 text-xs font-semibold uppercase tracking-[0.3em] text-primary">
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="text-3xl leading-tight sm:text-4xl md:text-5xl">
        {title}
      </h2>
      <div
        aria-hidden
        className={cn(
          "mt-5 h-px w-16 bg-gradient-to-r from-primary to-transparent",
          align === "center" &&
            "mx-auto bg-gradient-to-r from-transparent via-primary to-transparent",
        )}
      />
      {description && (
        <p className="mt-5 text-base leading-relaxed text-muted-foreground sm:text-lg">
          {description}
        </p>
      )}
      {children}
    </div>
  );
}
