import type { Route } from "./+types/api.cities";
import { searchText } from "~/domain/core/control-characters";
import { suggestCities } from "~/server/geo/cities.server";

/**
 * GET /api/cities?q=par: up to 8 cities of the offline list for the city pickers
 * (sign-up, confirmation, location link, event dialog). The answer depends on q alone,
 * so browsers and the CDN may keep it for a day.
 */
export function loader({ request }: Route.LoaderArgs) {
  const q = searchText(new URL(request.url).searchParams.get("q"), 80);
  return new Response(JSON.stringify({ cities: suggestCities(q) }), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
