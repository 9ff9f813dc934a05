/** What server.ts hands every loader and action besides the request. */
declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's inline scripts. */
    cspNonce: string;
    /** The client's address as Express sees it (X-Forwarded-For only with TRUST_PROXY). */
    clientIp: string;
  }
}

export {};
