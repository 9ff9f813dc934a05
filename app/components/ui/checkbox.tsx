import { Check } from "lucide-react";
import { cn } from "~/lib/cn";

export type CheckboxProps = Omit<React.ComponentProps<"input">, "type">;

/**
 * A native checkbox drawn in the theme: it stays a real <input type="checkbox">, so
 * labels, forms (value "on"), keyboard and screen readers work as they always do.
 */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <span data-slot="checkbox-wrapper" className="relative inline-flex size-5 shrink-0">
      <input
        type="checkbox"
        data-slot="checkbox"
        className={cn(
          "peer size-5 cursor-pointer appearance-none rounded-md border border-border bg-background/60 transition-colors checked:border-primary checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
          className,
        )}
        {...props}
      />
      <Check
        aria-hidden
        className="pointer-events-none absolute inset-0 m-auto size-3.5 stroke-3 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
