import type { LucideIcon } from "lucide-react";

/** A checkout step's heading: its icon, "Step n of m" and its title. */
export function CheckoutStepHeading({
  icon: Icon,
  step,
  steps,
  title,
}: {
  icon: LucideIcon;
  step: number;
  steps: number;
  title: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/30">
        <Icon aria-hidden className="size-5" />
      </span>
      <div>
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-primary">
          Step {step} of {steps}
        </p>
        <h3 className="font-display text-xl text-foreground">{title}</h3>
      </div>
    </div>
  );
}
