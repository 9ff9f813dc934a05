import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterWanted } from "~/lib/toast";

const loadSonnerToaster = () => import("./sonner-toaster");
const SonnerToaster = lazy(loadSonnerToaster);

/** Fetches the toast code ahead of a toast that is about to be shown. */
export function preloadToaster(): void {
  void loadSonnerToaster();
}

/** Where toasts appear. Empty (and sonner not loaded) until the page shows its first one. */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
