import { cn } from "~/lib/cn";

export interface SwitchProps extends Omit<React.ComponentProps<"button">, "role"> {
  checked: boolean;
}

/**
 * An accessible on/off switch (role="switch"). It is a real button, so inside a form
 * with name/value it submits the new state even without JavaScript.
 */
export function Switch({ checked, className, type = "button", ...props }: SwitchProps) {
  return (
    <button
      type={type}
      role="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "bg-primary" : "bg-muted ring-1 ring-border",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          "pointer-events-none block size-6 rounded-full bg-foreground shadow-md transition-transform duration-200",
          checked ? "translate-x-5 bg-background" : "translate-x-0",
        )}
      />
    </button>
  );
}
