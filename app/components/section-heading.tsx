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
      {eyebrow && <p className="section-eyebrow">{eyebrow}</p>}
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <div aria-hidden className={align === "center" ? "section-rule-centred" : "section-rule"} />
      {description && <p className="section-lead">{description}</p>}
      {children}
    </div>
  );
}
