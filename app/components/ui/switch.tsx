import { useRef } from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

export interface SwitchProps extends Omit<React.ComponentProps<"button">, "role"> {
  checked: boolean;
}

const track = (checked: boolean, className?: string) =>
  cn(
    "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
    checked ? "bg-primary" : "bg-muted ring-1 ring-border",
    className,
  );

function Thumb({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        "pointer-events-none block size-6 rounded-full bg-foreground shadow-md transition-transform duration-200",
        checked ? "translate-x-5 bg-background" : "translate-x-0",
      )}
    />
  );
}

/**
 * An accessible on/off switch (role="switch"), a `type="button"`: ARIA in HTML allows the
 * switch role on no other kind of button. To save through a form, use FormSwitch.
 */
export function Switch({ checked, className, ...props }: Omit<SwitchProps, "type">) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      className={track(checked, className)}
      {...props}
    >
      <Thumb checked={checked} />
    </button>
  );
}

export interface FormSwitchProps extends Omit<SwitchProps, "type" | "name" | "value"> {
  /** Posted with `value` when the switch is flipped (the new state). */
  name: string;
  value: string;
}

/**
 * A switch that saves through its form. Before the page's script runs it is the form's
 * submit button, a toggle button (aria-pressed) posting name=value, so it works without
 * JavaScript; once hydrated it is a switch that puts name=value in a hidden field and
 * submits the form (a fetcher's form saves without leaving the page).
 */
export function FormSwitch({
  checked,
  className,
  name,
  value,
  onClick,
  ...props
}: FormSwitchProps) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  if (!hydrated) {
    return (
      <button
        type="submit"
        name={name}
        value={value}
        aria-pressed={checked}
        data-state={checked ? "checked" : "unchecked"}
        className={track(checked, className)}
        {...props}
      >
        <Thumb checked={checked} />
      </button>
    );
  }
  return (
    <>
      <input ref={field} type="hidden" name={name} value={value} />
      <Switch
        checked={checked}
        className={className}
        {...props}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          field.current?.form?.requestSubmit();
        }}
      />
    </>
  );
}
