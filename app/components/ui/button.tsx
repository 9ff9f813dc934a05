import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

/**
 * The look lives in app.css's component classes (`btn`, `btn-primary`, `btn-sm` …),
 * written once instead of in every button's class list (issue 12: lighter pages).
 * Utilities a caller adds still win: they are a later layer. The icon rules stay
 * utilities, where they outrank an icon's own size class as before.
 */
export const buttonVariants = cva("btn [&_svg]:size-4 [&_svg]:shrink-0", {
  variants: {
    variant: {
      primary: "btn-primary",
      outline: "btn-outline",
      ghost: "btn-ghost",
      destructive: "btn-destructive",
    },
    size: {
      sm: "btn-sm",
      md: "btn-md",
      lg: "btn-lg",
      icon: "btn-icon",
    },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
