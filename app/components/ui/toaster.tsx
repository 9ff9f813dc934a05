import { useEffect, useRef, useState, type ComponentType } from "react";
import { onToasterWanted } from "~/lib/toast";

const loadSonnerToaster = () => import("./sonner-toaster");

/** Fetches the toast code ahead of a toast that is about to be shown. */
export function preloadToaster(): void {
  loadSonnerToaster().catch(() => {});
}

/**
 * Where toasts appear. Empty (and sonner not loaded) until the page shows its first one.
 * Loaded in an effect rather than with React.lazy: code that fails to arrive means no
 * toasts (the next toast tries again), never an error page.
 */
export function Toaster() {
  const [SonnerToaster, setSonnerToaster] = useState<ComponentType | null>(null);
  const loading = useRef(false);
  useEffect(
    () =>
      onToasterWanted(() => {
        if (loading.current) return;
        loading.current = true;
        loadSonnerToaster().then(
          (module) => setSonnerToaster(() => module.default),
          () => (loading.current = false),
        );
      }),
    [],
  );
  return SonnerToaster ? <SonnerToaster /> : null;
}
