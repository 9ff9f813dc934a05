/**
 * A small copy of the public site (its header, a card and the buttons) drawn in the
 * edited colours and fonts. The theme's CSS variables are set on this container only:
 * the site's colour utilities read them (app.css `@theme inline`), so everything
 * inside repaints as the artist types, and the admin around it keeps its own look.
 */
import { CalendarDays } from "lucide-react";
import { themeCssVariables } from "~/domain/content/theme/theme";
import { SITE_NAME } from "~/domain/core/site";

export interface ThemePreviewProps {
  colors: Record<string, string>;
  typography: Record<string, string>;
  animations: Record<string, string>;
}

export function ThemePreview({ colors, typography, animations }: ThemePreviewProps) {
  // Invalid values fall back to the defaults here, as they would on the site.
  const variables = themeCssVariables({ name: "preview", colors, typography, animations });
  const [first, ...rest] = SITE_NAME.split(" ");
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-foreground/90">Preview</figcaption>
      <div
        data-testid="theme-preview"
        style={variables as React.CSSProperties}
        className="overflow-hidden rounded-2xl border border-border bg-background font-sans text-foreground"
      >
        <div className="flex items-center justify-between gap-3 border-b border-border/60 bg-background/95 px-4 py-3">
          <span className="font-display text-lg tracking-wide">
            <span className="text-primary">{first}</span> {rest.join(" ")}
          </span>
          <span className="hidden gap-3 text-xs font-medium text-foreground/80 sm:flex">
            <span className="text-primary">Home</span>
            <span>Events</span>
            <span>Shop</span>
          </span>
        </div>
        <div className="space-y-4 p-4">
          <div className="rounded-xl border border-border bg-card p-4 shadow-sm">
            <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-primary uppercase">
              <CalendarDays aria-hidden className="size-3.5" />
              Upcoming
            </p>
            <p className="mt-1 font-display text-lg leading-tight">An Evening of Standards</p>
            <p className="mt-1 text-sm text-muted-foreground">Blue Note Lounge, New York</p>
            <p className="mt-3 inline-flex rounded-full bg-muted px-2.5 py-0.5 text-xs text-foreground">
              Muted
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <span className="inline-flex h-9 items-center rounded-full bg-primary px-4 text-sm font-medium text-primary-foreground">
              Get Tickets
            </span>
            <span className="inline-flex h-9 items-center rounded-full border border-primary/60 px-4 text-sm font-medium text-primary">
              Listen
            </span>
            <span className="inline-flex h-9 items-center rounded-full bg-secondary px-4 text-sm font-medium text-primary-foreground">
              Shop
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
