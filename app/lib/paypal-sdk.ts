/**
 * Loading PayPal's JS SDK in the browser (public-site spec §7, §8, §9): the script is
 * loaded with the client id, USD and the buttons component, tried 3 times, and the
 * buttons are given 15 s to render.
 */

export const PAYPAL_SDK_ATTEMPTS = 3;
export const PAYPAL_RENDER_TIMEOUT_MS = 15_000;
export const PAYPAL_BUTTON_STYLE = {
  layout: "vertical",
  color: "gold",
  shape: "rect",
  height: 45,
} as const;

// The part of the SDK this site uses (https://developer.paypal.com/sdk/js/reference/).
export interface PayPalApproveData {
  orderID: string;
  payerID?: string | null;
}
export interface PayPalCancelData {
  orderID: string;
}
export interface PayPalButtonsOptions {
  style: typeof PAYPAL_BUTTON_STYLE;
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData) => Promise<void>;
  onCancel: (data: PayPalCancelData) => void;
  onError: (error: unknown) => void;
}
export interface PayPalButtonsInstance {
  render(container: HTMLElement | string): Promise<void>;
  isEligible?(): boolean;
  close?(): Promise<void>;
}
export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** The SDK address with the spec's parameters. */
export function paypalSdkUrl(sdkUrl: string, clientId: string): string {
  const url = new URL(sdkUrl, typeof window === "undefined" ? undefined : window.location.href);
  url.searchParams.set("client-id", clientId);
  url.searchParams.set("currency", "USD");
  url.searchParams.set("components", "buttons");
  return url.toString();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  attempts?: number;
  /** Wait before attempt n (2, 3 …). */
  delayBeforeAttempt?: (attempt: number) => number;
  wait?: (ms: number) => Promise<void>;
}

/** Runs `attempt` until it succeeds or has failed `attempts` times; throws the last error. */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  {
    attempts = PAYPAL_SDK_ATTEMPTS,
    delayBeforeAttempt = (n) => (n - 1) * 1000,
    wait = sleep,
  }: RetryOptions = {},
): Promise<T> {
  let lastError: unknown = new Error("No attempt was made");
  for (let n = 1; n <= attempts; n++) {
    if (n > 1) await wait(delayBeforeAttempt(n));
    try {
      return await attempt(n);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** One try: a <script> with the page's CSP nonce; removed again when it fails. */
export function injectSdkScript(src: string, nonce: string | undefined): Promise<PayPalNamespace> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) {
      script.nonce = nonce;
      // The SDK puts the nonce on the styles it adds itself.
      script.dataset.cspNonce = nonce;
    }
    script.dataset.paypalSdk = "";
    script.onload = () => {
      if (window.paypal?.Buttons) resolve(window.paypal);
      else {
        script.remove();
        reject(new Error("The PayPal SDK loaded without its buttons component"));
      }
    };
    script.onerror = () => {
      script.remove();
      reject(new Error("The PayPal SDK could not be loaded"));
    };
    document.head.appendChild(script);
  });
}

let loading: { src: string; promise: Promise<PayPalNamespace> } | null = null;

/**
 * The SDK, loaded once per page (3 attempts). After a failure the next call starts
 * over, which is what the "Retry" button does.
 */
export function loadPayPalSdk(
  src: string,
  nonce: string | undefined,
  inject: (src: string, nonce: string | undefined) => Promise<PayPalNamespace> = injectSdkScript,
): Promise<PayPalNamespace> {
  if (loading?.src === src) return loading.promise;
  const promise = withRetries(() => inject(src, nonce));
  loading = { src, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}

export class RenderTimeoutError extends Error {
  override name = "RenderTimeoutError";
}

/** Rejects with RenderTimeoutError when `work` has not settled within `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RenderTimeoutError(`Timed out after ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
