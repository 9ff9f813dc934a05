import { hydrateInSteps } from "~/lib/hydrate-in-steps";

// React Router's default entry, with its start-up spread over short tasks (decision 045).
void hydrateInSteps();
