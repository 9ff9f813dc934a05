import { Mail } from "lucide-react";
import { NewsletterForm } from "../newsletter-form";

export interface CallToActionProps {
  title: string;
  description: string | null;
}

/** The home page's closing invitation: title, description and the newsletter form. */
export function CallToAction({ title, description }: CallToActionProps) {
  return (
    <section aria-labelledby="cta-title" className="px-5 py-20 sm:px-8 sm:py-28">
      <div className="relative mx-auto max-w-4xl overflow-hidden rounded-3xl border border-primary/25 bg-card px-6 py-14 text-center shadow-2xl shadow-black/40 sm:px-14 sm:py-16">
        <div
          aria-hidden
          className="absolute inset-0 -z-0 bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.16),transparent_60%)]"
        />
        <div className="relative">
          <Mail aria-hidden className="mx-auto size-9 text-primary" />
          <h2 id="cta-title" className="mt-6 text-3xl leading-tight sm:text-4xl md:text-5xl">
            {title}
          </h2>
          {description && (
            <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-muted-foreground sm:text-lg">
              {description}
            </p>
          )}
          <NewsletterForm className="mx-auto mt-10 max-w-xl text-left" />
        </div>
      </div>
    </section>
  );
}
