import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { toasterReady } from "~/lib/toast";

/** sonner's Toaster in the site's colours, loaded with the first toast. */
export default function SonnerToaster() {
  // Effects run child-first, so sonner's own subscription is in place by now.
  useEffect(() => toasterReady(), []);
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
