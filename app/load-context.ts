/** What server.ts hands every loader and action besides the request. */
declare module "react-router" {
  interface AppLoadContext {
    /**
     * Per-request nonce for the Content-Security-Policy's inline scripts. None for a
     * page rendered for the page cache, whose policy lists its scripts' hashes.
     */
    cspNonce: string | undefined;
    /** The client's IP address as Express sees it (X-Forwarded-For only with TRUST_PROXY). */
    clientAddress: string;
    /**
     * Render the whole document before sending it (the page cache keeps it whole), as
     * for crawlers, instead of streaming after the shell.
     */
    wholeDocument?: boolean;
  }
}

export {};
