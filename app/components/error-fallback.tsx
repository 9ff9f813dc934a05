import { useRevalidator } from "react-router";
import { AlertTriangle, RefreshCw, RotateCcw } from "lucide-react";
import { Button } from "./ui/button";

/** The spec's fallback for unexpected errors: Retry reloads the data, Refresh the page. */
export function ErrorFallback({ error }: { error?: unknown }) {
  const revalidator = useRevalidator();
  if (error && import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-24 text-center">
      <AlertTriangle aria-hidden className="size-10 text-primary" />
      <h1 className="mt-6 text-3xl">Unable to load content</h1>
      <p className="mt-3 text-muted-foreground">
        Something went wrong while loading this page. Please try again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Button onClick={() => revalidator.revalidate()} disabled={revalidator.state === "loading"}>
          <RotateCcw aria-hidden /> Retry
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden /> Refresh Page
        </Button>
      </div>
    </div>
  );
}
