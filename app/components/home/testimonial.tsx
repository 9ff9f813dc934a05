import { Quote } from "lucide-react";

export interface TestimonialProps {
  quote: string;
  author: string;
  title: string | null;
}

export function Testimonial({ quote, author, title }: TestimonialProps) {
  return (
    <section aria-label="Testimonial" className="relative overflow-hidden py-20 sm:py-28">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,hsl(var(--primary)/0.10),transparent_65%)]"
      />
      <figure className="mx-auto max-w-4xl px-5 text-center sm:px-8">
        <Quote aria-hidden className="mx-auto size-10 text-primary/70" />
        <blockquote className="mt-8 font-display text-2xl italic leading-relaxed text-foreground sm:text-3xl md:text-4xl md:leading-snug">
          <p>“{quote}”</p>
        </blockquote>
        <figcaption className="mt-8">
          <span className="block text-base font-semibold tracking-wide text-primary">{author}</span>
          {title && <span className="mt-1 block text-sm text-muted-foreground">{title}</span>}
        </figcaption>
      </figure>
    </section>
  );
}
