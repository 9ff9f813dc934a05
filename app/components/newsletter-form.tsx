/**
 * Placeholder with the newsletter form's path and props until the public-pages work
 * (the real form, with its endpoint and states) is merged; it replaces this file.
 */
import { Button } from "./ui/button";
import { cn } from "~/lib/cn";

export interface NewsletterFormProps {
  className?: string;
  heading?: string;
  description?: string;
}

export function NewsletterForm({ className, heading, description }: NewsletterFormProps) {
  return (
    <div
      className={cn("space-y-4", className)}
      role={heading ? "region" : undefined}
      aria-labelledby={heading ? "newsletter-heading" : undefined}
    >
      {heading && (
        <h2 id="newsletter-heading" className="text-2xl">
          {heading}
        </h2>
      )}
      {description && <p className="text-muted-foreground">{description}</p>}
      <form
        method="post"
        action="/api/newsletter-subscribe"
        className="flex flex-col gap-3 sm:flex-row"
        data-testid="newsletter-form"
      >
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className="h-11 w-full rounded-full border border-border bg-background/60 px-5 text-sm sm:flex-1"
        />
        <Button type="submit">Subscribe</Button>
      </form>
    </div>
  );
}
