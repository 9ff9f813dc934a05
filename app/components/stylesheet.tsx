import { createContext, useContext, useState } from "react";

/**
 * The built stylesheets' text by URL, given by entry.server.tsx. Empty in development,
 * where Vite serves the CSS itself.
 */
export const StylesheetTextContext = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * The site's stylesheet, inlined into the server-rendered page. A separate file would
 * hold up the first paint for another request (on a phone network, a round trip or
 * two), and at ~12 KB gzip it costs less to send with every page than to wait for.
 * Without the text (development), a plain <link>.
 */
export function Stylesheet({ href }: { href: string }) {
  const serverText = useContext(StylesheetTextContext).get(href);
  // In the browser the text is already in the page: hydrate with exactly what the
  // server sent, read once.
  const [text] = useState(() =>
    typeof document === "undefined"
      ? serverText
      : (document.querySelector(`style[data-href="${href}"]`)?.textContent ?? undefined),
  );
  if (text === undefined) return <link rel="stylesheet" href={href} />;
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: text }} />;
}
