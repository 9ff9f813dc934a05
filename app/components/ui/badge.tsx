import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide",
  {
    variants: {
      variant: {
        gold: "bg-primary/15 text-primary ring-1 ring-primary/40",
        muted: "bg-muted text-muted-foreground ring-1 ring-border",
        success: "bg-success/15 text-success ring-1 ring-success/40",
        destructive: "bg-destructive/15 text-destructive ring-1 ring-destructive/40",
      },
    },
    defaultVariants: { variant: "muted" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
