/**
 * The analytics beacon (issue 25, docs/decisions/035): a few lines in the site's own
 * bundle, no cookie, no storage. Each page view (the first load and every client-side
 * navigation) and each music or ticket event is one navigator.sendBeacon to
 * /api/event; the server decides whether it counts (bots, GPC, DNT, the team).
 */
import { useEffect } from "react";
import { useLocation } from "react-router";

export const BEACON_URL = "/api/event";

export interface BeaconPayload {
  /** The kind: pageview, track_play, video_play, ticket_click, add_to_cart. */
  k: string;
  s?: string;
  o?: string;
  v?: string;
}

let firstView = true;

/** Sends one event for the current page; never throws, never waits. */
export function sendEvent(payload: BeaconPayload, referrer = "") {
  try {
    if (typeof navigator === "undefined" || !navigator.sendBeacon) return;
    const body = JSON.stringify({
      ...payload,
      u: location.pathname + location.search,
      r: referrer,
    });
    navigator.sendBeacon(BEACON_URL, new Blob([body], { type: "text/plain" }));
  } catch {
    // Counting must never break the page.
  }
}

/** A page view on load and on every change of page (not of query or hash alone). */
export function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    // In a task of its own, not among the effects of hydration (issue 28).
    const timer = setTimeout(() => {
      // Only the first view can come from another site; later ones come from this one.
      sendEvent({ k: "pageview" }, firstView ? document.referrer : "");
      firstView = false;
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}
