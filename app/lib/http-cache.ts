/**
 * Cache headers for public pages, for route `headers` exports. A CDN may keep a page
 * for a minute and serve it stale for five more while it refetches; browsers always
 * revalidate (max-age=0), so an admin's save shows on the next load. Never used for
 * responses that set cookies, carry errors or answer a form post.
 */

export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * For a page that shows stock: a CDN may keep it but must ask every time (the ETag makes
 * that a 304 from the page cache), so "Out of Stock" shows on the next load everywhere.
 */
export const LIVE_PUBLIC_PAGE_CACHE_CONTROL = "public, no-cache";

interface HeadersArgs {
  loaderHeaders: Headers;
  parentHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders: Headers | undefined;
}

const setsCookie = (h: Headers | undefined) => Boolean(h?.get("Set-Cookie"));

function cacheHeaders(
  publicCacheControl: string,
  { loaderHeaders, parentHeaders, actionHeaders, errorHeaders }: HeadersArgs,
): Headers {
  const headers = new Headers();
  const personal =
    errorHeaders !== undefined ||
    [loaderHeaders, parentHeaders, actionHeaders].some(setsCookie) ||
    [...actionHeaders.keys()].length > 0;
  headers.set("Cache-Control", personal ? "no-store" : publicCacheControl);
  return headers;
}

export const publicPageHeaders = (args: HeadersArgs) =>
  cacheHeaders(PUBLIC_PAGE_CACHE_CONTROL, args);

export const livePublicPageHeaders = (args: HeadersArgs) =>
  cacheHeaders(LIVE_PUBLIC_PAGE_CACHE_CONTROL, args);
