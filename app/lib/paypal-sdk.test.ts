import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RenderTimeoutError,
  loadPayPalSdk,
  paypalSdkUrl,
  withRetries,
  withTimeout,
  type PayPalNamespace,
} from "./paypal-sdk";

const noWait = () => Promise.resolve();
const fakePayPal = { Buttons: () => ({ render: () => Promise.resolve() }) } as PayPalNamespace;

describe("paypalSdkUrl", () => {
  it("asks for the client id, USD and the buttons component", () => {
    const url = new URL(paypalSdkUrl("https://www.paypal.com/sdk/js", "client id"));
    expect(url.origin + url.pathname).toBe("https://www.paypal.com/sdk/js");
    expect(url.searchParams.get("client-id")).toBe("client id");
    expect(url.searchParams.get("currency")).toBe("USD");
    expect(url.searchParams.get("components")).toBe("buttons");
  });
});

describe("withRetries", () => {
  it("stops at the first success", async () => {
    const attempt = vi.fn(async (n: number) => {
      if (n < 2) throw new Error(`fail ${n}`);
      return "loaded";
    });
    await expect(withRetries(attempt, { wait: noWait })).resolves.toBe("loaded");
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it("gives up after 3 attempts with the last error, waiting longer each time", async () => {
    const waits: number[] = [];
    const attempt = vi.fn(async (n: number) => {
      throw new Error(`fail ${n}`);
    });
    await expect(
      withRetries(attempt, {
        wait: async (ms) => {
          waits.push(ms);
        },
      }),
    ).rejects.toThrow("fail 3");
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });
});

describe("loadPayPalSdk", () => {
  afterEach(() => vi.useRealTimers());

  it("loads once for every caller", async () => {
    const inject = vi.fn(async () => fakePayPal);
    const src = "https://sdk.test/once";
    const [a, b] = await Promise.all([
      loadPayPalSdk(src, "n", inject),
      loadPayPalSdk(src, "n", inject),
    ]);
    expect(a).toBe(fakePayPal);
    expect(b).toBe(fakePayPal);
    expect(inject).toHaveBeenCalledTimes(1);
    expect(inject).toHaveBeenCalledWith(src, "n");
  });

  it("tries 3 times, then fails; the next call (Retry) starts over", async () => {
    vi.useFakeTimers();
    const src = "https://sdk.test/flaky";
    let calls = 0;
    const inject = vi.fn(async () => {
      calls++;
      if (calls <= 3) throw new Error("network down");
      return fakePayPal;
    });
    const first = loadPayPalSdk(src, undefined, inject);
    const failed = expect(first).rejects.toThrow("network down");
    await vi.runAllTimersAsync();
    await failed;
    expect(inject).toHaveBeenCalledTimes(3);

    await expect(loadPayPalSdk(src, undefined, inject)).resolves.toBe(fakePayPal);
    expect(inject).toHaveBeenCalledTimes(4);
  });
});

describe("withTimeout", () => {
  afterEach(() => vi.useRealTimers());

  it("passes a result through and times out work that never settles", async () => {
    await expect(withTimeout(Promise.resolve(1), 15_000)).resolves.toBe(1);
    vi.useFakeTimers();
    const never = withTimeout(new Promise(() => {}), 15_000);
    const timedOut = expect(never).rejects.toBeInstanceOf(RenderTimeoutError);
    await vi.advanceTimersByTimeAsync(15_000);
    await timedOut;
  });
});
