import { cn } from "~/lib/cn";
import { fieldClasses } from "./field-classes";

// Textarea has its own module now; these re-exports keep the older imports working.
export { fieldClasses } from "./field-classes";
export { Textarea } from "./textarea";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(fieldClasses, className)} {...props} />;
}

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium text-foreground/90", className)} {...props} />;
}

/** A field's error line, announced to screen readers. */
export function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
