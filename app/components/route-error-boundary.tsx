import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorFallback } from "./error-fallback";
import { NotFound } from "./not-found";

/** Page-level boundary: the navigation and footer stay, the page shows the fallback. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="px-6 pt-24">
      <ErrorFallback error={error} />
    </div>
  );
}
