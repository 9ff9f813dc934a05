/**
 * The look every text-like control shares (Input, Textarea, Select): one string, so a
 * select beside an input in a form is the same height, border and focus ring.
 */
export const fieldClasses =
  "w-full rounded-xl border border-border bg-background/60 px-4 py-3 text-base text-foreground placeholder:text-muted-foreground/70 transition-colors focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive sm:text-sm";
