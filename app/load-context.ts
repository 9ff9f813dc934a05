/** What server.ts hands every loader and action besides the request. */
declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's inline scripts. */
    cspNonce: string;
    /** The client's IP address as Express sees it (X-Forwarded-For only with TRUST_PROXY). */
    clientAddress: string;
  }
}

export {};
