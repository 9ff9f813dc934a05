import { cn } from "~/lib/cn";
import { fieldClasses } from "./field-classes";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldClasses, "min-h-24 leading-relaxed", className)}
      {...props}
    />
  );
}
