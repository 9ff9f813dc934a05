import { Suspense } from "react";

/**
 * A part of a server-rendered page that React hydrates on its own, after the page's
 * frame (issue 28, docs/decisions/043). React leaves a Suspense boundary's server HTML
 * as it is during the first hydration pass and hydrates it later in its own, yielding
 * render: the phone's main thread gets a break between sections instead of one long
 * task for the whole page. A click or key press inside a part that is not hydrated yet
 * makes React hydrate that part first, then replays the event.
 *
 * Nothing here suspends on the server (the HTML is complete), so the visitor sees no
 * fallback; the fallback only matters if a lazy part inside loads on the client.
 */
export function HydrateLater({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
