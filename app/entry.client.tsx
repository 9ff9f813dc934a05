import { hydrateInSteps } from "~/lib/hydrate-in-steps";
import { logError } from "~/lib/error-log";

// React Router's default entry, with its start-up spread over short tasks (decision 045).
// Should a step fail, the page stays as the server sent it: the error is logged, not lost.
hydrateInSteps().catch((error: unknown) => {
  logError("The page's scripts could not start", error);
});
