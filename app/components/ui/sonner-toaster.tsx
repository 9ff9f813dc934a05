import { useEffect, useState } from "react";
import { Toaster as Sonner } from "sonner";
import { toasterReady } from "~/lib/toast";

/** Below Tailwind's sm breakpoint: a phone held upright. */
const PHONE_QUERY = "(max-width: 639px)";

/**
 * Toasts sit at the bottom right on larger screens. On a phone they come from the top:
 * at the bottom they covered the form they answer (the newsletter sign-up, the cart's
 * checkout button), which sit near the bottom of the screen.
 */
function usePhoneLayout(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return phone;
}

/** sonner's Toaster in the site's colours, loaded with the first toast. */
export default function SonnerToaster() {
  // Effects run child-first, so sonner's own subscription is in place by now.
  useEffect(() => toasterReady(), []);
  const phone = usePhoneLayout();
  return (
    <Sonner
      theme="dark"
      position={phone ? "top-center" : "bottom-right"}
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
