import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/cn";
import { fieldClasses } from "./field-classes";

export interface SelectProps extends React.ComponentProps<"select"> {
  /** Classes for the wrapper that holds the chevron (width, margins). */
  wrapperClassName?: string;
}

/**
 * A native <select> dressed like Input. Native, so the phone shows its own picker,
 * the keyboard works as everywhere else, and a form posts it without JavaScript.
 */
export function Select({ className, wrapperClassName, children, ...props }: SelectProps) {
  return (
    <div data-slot="select-wrapper" className={cn("relative w-full", wrapperClassName)}>
      <select
        data-slot="select"
        className={cn(
          fieldClasses,
          // The dark option list follows color-scheme: dark; the card colour keeps it in theme.
          "cursor-pointer appearance-none pr-11 [&_option]:bg-card [&_option]:text-foreground",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
