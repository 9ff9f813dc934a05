/**
 * The Content-Security-Policy of every page, in one place. Inline scripts run only with
 * a source the policy names: a per-response nonce for a page rendered for one request,
 * or the SHA-256 hashes of its scripts for a page kept in the rendered-page cache
 * (docs/decisions/019). Never 'unsafe-inline' for scripts.
 */
import crypto from "node:crypto";

export type ContentSecurityPolicy = (scriptSources: readonly string[]) => string;

export function createContentSecurityPolicy(options: {
  paypalOrigins: readonly string[];
}): ContentSecurityPolicy {
  const paypal = [...new Set(options.paypalOrigins)];
  const fixed = (scripts: string) =>
    [
      "default-src 'self'",
      scripts,
      // Decision 016: React's style attributes need it; no script can use it.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "media-src 'self' blob: https:",
      "font-src 'self'",
      `connect-src 'self' ${paypal.join(" ")}`,
      `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://w.soundcloud.com ${paypal.join(" ")}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join(";");
  return (scriptSources) => fixed(["script-src 'self'", ...scriptSources, ...paypal].join(" "));
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/** CSP hash sources for the given inline script texts, each once. */
export function scriptHashSources(texts: readonly string[]): string[] {
  const hashes = new Set(
    texts.map((text) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`),
  );
  return [...hashes];
}
