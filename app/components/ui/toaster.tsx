import { Toaster as Sonner } from "sonner";

/** Toasts in the site's colours; pages call `toast()` from sonner. */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      toastOptions={{
        classNames: {
          toast: "!bg-card !text-foreground !border-border font-sans",
          description: "!text-muted-foreground",
          error: "!border-destructive",
        },
      }}
    />
  );
}
