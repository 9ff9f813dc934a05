/**
 * Browser-test helpers. Call `setupBrowser()` once at the top of a test file: it
 * launches Chromium before the file's tests and closes it after them, gives every
 * test fresh browser contexts (no shared cookies or storage), and fails a test when
 * one of its pages
 *   - throws an uncaught error (`pageerror`; React reports hydration mismatches so),
 *   - logs a console error,
 *   - gets an HTTP error (>= 400) or a failed request from our own server, unless
 *     the test said it expects that status for a navigation.
 */
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
  Response,
} from "playwright-core";
import { launchChromium } from "./chromium";
import { testServer } from "./test-server";
import { clientAddressHeaders } from "./client-address";

export const VIEWPORTS = {
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/** Playwright waits (locators, navigations) give up well before Vitest's test timeout. */
const ACTION_TIMEOUT_MS = 15_000;

export interface OpenPageOptions {
  viewport?: ViewportName;
  /** The status the document is expected to answer with (default: any status below 400). */
  expectStatus?: number;
  /** Runs in the page before any of its scripts, on every navigation (e.g. to fill localStorage). */
  initScript?: { fn: (arg: string) => void; arg: string };
  /** false: a browser with JavaScript off (progressive enhancement); no hydration to wait for. */
  javaScript?: boolean;
  /** More of the context's settings (a user agent, headers every request sends). */
  context?: BrowserContextOptions;
  /** Runs on the new context before the first navigation (e.g. to hold back a request). */
  beforeGoto?: (context: BrowserContext) => Promise<unknown>;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** The response to the first navigation. */
  response: Response;
}

interface PageGuard {
  origin: string;
  problems: string[];
  /** Full URLs whose (document) response may carry this status once. */
  expected: Map<string, number>;
  /** Requests a test said may fail with a given status (e.g. a refused form POST). */
  allowed: { method: string; path: string; status: number }[];
  /** Console errors a test provokes on purpose (a refused injected script, say). */
  allowedConsoleErrors: RegExp[];
  /** Whether the page runs scripts (and so hydrates). */
  javaScript: boolean;
}

const guards = new WeakMap<Page, PageGuard>();

function watch(page: Page, origin: string, javaScript = true): PageGuard {
  const guard: PageGuard = {
    origin,
    problems: [],
    expected: new Map(),
    allowed: [],
    allowedConsoleErrors: [],
    javaScript,
  };
  // Where the page was when it happened helps more than where it ended up.
  const report = (problem: string) => guard.problems.push(`on ${page.url()}: ${problem}`);
  const sameOrigin = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  page.on("pageerror", (error) => {
    report(`uncaught error: ${error.stack ?? error.message}`);
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chrome's "Failed to load resource" lines repeat what the response and
    // requestfailed handlers below report, with the URL and expectation known there.
    if (message.text().startsWith("Failed to load resource")) return;
    if (guard.allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
    const { url, lineNumber } = message.location();
    report(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
  });
  page.on("response", (response) => {
    const status = response.status();
    if (status < 400 || !sameOrigin(response.url())) return;
    const allowed = guard.expected.get(response.url());
    if (allowed === status && response.request().isNavigationRequest()) {
      guard.expected.delete(response.url());
      return;
    }
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    if (
      guard.allowed.some((a) => a.status === status && a.method === method && a.path === pathname)
    ) {
      return;
    }
    report(`HTTP ${status} for ${response.request().method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "unknown error";
    // Aborted requests are the browser cancelling work a navigation made obsolete.
    if (!sameOrigin(request.url()) || reason === "net::ERR_ABORTED") return;
    // With JavaScript off, Chromium refuses the page's module preloads (as "csp").
    if (!guard.javaScript && reason === "csp" && request.resourceType() === "script") return;
    report(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  page.on("crash", () => report("the page crashed"));
  guards.set(page, guard);
  return guard;
}

/**
 * Navigates `page` to `path` on the test server and waits until React has hydrated.
 * Fails unless the document answers `expectStatus` (or, by default, below 400).
 */
export async function goto(
  page: Page,
  path: string,
  options: { expectStatus?: number } = {},
): Promise<Response> {
  const guard = guards.get(page);
  if (!guard) throw new Error("goto() needs a page from openPage().");
  const url = new URL(path, guard.origin).href;
  if (options.expectStatus !== undefined) guard.expected.set(url, options.expectStatus);
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response) throw new Error(`No response for ${url}`);
  const expected = options.expectStatus;
  if (expected !== undefined ? response.status() !== expected : response.status() >= 400) {
    throw new Error(
      `GET ${path} answered ${response.status()}, expected ${expected ?? "a status below 400"}.`,
    );
  }
  if (guard.javaScript) await waitForHydration(page);
  return response;
}

/**
 * Lets requests of `page` to `path` (pathname, e.g. "/auth.data") answer `status`
 * without failing the test: for forms whose refusal the test is about.
 */
export function allowHttpStatus(page: Page, method: string, path: string, status: number): void {
  const guard = guards.get(page);
  if (!guard) throw new Error("allowHttpStatus() needs a page from openPage().");
  guard.allowed.push({ method, path, status });
}

/** Lets `page` log console errors matching `pattern`: for errors the test is about. */
export function allowConsoleError(page: Page, pattern: RegExp): void {
  const guard = guards.get(page);
  if (!guard) throw new Error("allowConsoleError() needs a page from openPage().");
  guard.allowedConsoleErrors.push(pattern);
}

/**
 * Keeps, in the page, the words of each toast shown from now on (and of those on screen),
 * so a wait for a toast that never came can say what came instead: a toast is gone after
 * four seconds. Installed by the wait itself, not as an init script: that would run in
 * the letter preview's sandboxed frame too, where Chromium reports it as blocked.
 */
function recordToasts() {
  const page = window as { e2eToasts?: string[] };
  if (page.e2eToasts) return;
  const seen: string[] = [];
  page.e2eToasts = seen;
  const noted = new WeakSet<Element>();
  const note = () => {
    for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
      const text = (toast as HTMLElement).innerText.trim();
      if (noted.has(toast) || !text) continue;
      noted.add(toast);
      seen.push(`${new Date().toISOString().slice(11, 23)} ${text.replace(/\s+/g, " ")}`);
    }
  };
  note();
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
}

/**
 * Waits for a toast with this title (and this text in it, when given) that no earlier
 * call has waited for, and marks it as seen. Two saves in a row on one page give two
 * toasts with the same words; without the mark, the second wait would find the first
 * toast (on screen for seconds) and go on before the second save was done. A failure
 * says which toasts were on screen.
 */
export async function waitForNewToast(
  page: Page,
  title: string,
  description?: string,
): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  let fresh = toasts.and(page.locator(":not([data-e2e-seen])")).filter({ hasText: title });
  if (description !== undefined) fresh = fresh.filter({ hasText: description });
  const wanted = description === undefined ? `"${title}"` : `"${title}" ("${description}")`;
  await page.evaluate(recordToasts).catch(() => {});
  try {
    await fresh.first().waitFor();
  } catch (error) {
    const shown = await toasts.allInnerTexts().catch(() => []);
    const earlier = await page
      .evaluate(() => (window as { e2eToasts?: string[] }).e2eToasts ?? [])
      .catch(() => []);
    throw new Error(
      `No new ${wanted} toast at ${page.url()}; toasts on screen: ${JSON.stringify(shown)}; ` +
        `every toast shown since a wait first looked on this page: ${JSON.stringify(earlier)}`,
      { cause: error },
    );
  }
  await fresh.first().evaluate((element) => element.setAttribute("data-e2e-seen", ""));
}

/** A product's card in the shop's catalogue, by its exact title. */
export function productCard(page: Page, title: string): Locator {
  return page
    .getByTestId("catalogue")
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

export function cartDrawer(page: Page): Locator {
  return page.getByRole("dialog", { name: "Shopping Cart" });
}

/** Adds one of a catalogue product: the drawer opens with the spec's toast. */
export async function addToCart(page: Page, title: string): Promise<void> {
  await productCard(page, title).getByRole("button", { name: "Add to Cart" }).click();
  await cartDrawer(page).waitFor({ state: "visible" });
  // An earlier product's toast may still be on screen: wait for this one's.
  await waitForNewToast(page, "Added to cart!", `${title} has been added to your cart.`);
}

/**
 * Runs `body`, then `restore` whatever happened (putting back demo content that other
 * browser tests read). When both fail, the body's error is the one thrown, with the
 * restore's attached: a failing clean-up must not hide why the test failed.
 */
export async function withRestore(
  body: () => Promise<void>,
  restore: () => Promise<void>,
): Promise<void> {
  let failure: { error: unknown } | null = null;
  try {
    await body();
  } catch (error) {
    failure = { error };
  }
  try {
    await restore();
  } catch (restoreError) {
    if (!failure) throw restoreError;
    throw new AggregateError(
      [failure.error, restoreError],
      `${String(failure.error)}\n(putting the demo content back failed too: ${String(restoreError)})`,
    );
  }
  if (failure) throw failure.error;
}

/**
 * Resolves once React Router's client has taken over the server-rendered document:
 * the router exists (it is created inside `hydrateRoot`) and React owns the page's
 * elements. Interactions after this reach React's handlers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }
    ).__reactRouterDataRouter;
    const main = document.querySelector("body > *");
    const hydrated = (node: Node) => Object.keys(node).some((k) => k.startsWith("__reactFiber$"));
    if (!router?.state.initialized || !main || !hydrated(main)) return false;
    // Parts hydrated later (HydrateLater) keep their server HTML, without React's mark,
    // until their turn: wait for every part's first element. (React Router's streamed
    // data scripts sit in boundaries of their own that React never hydrates.)
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
    for (let comment = walker.nextNode(); comment; comment = walker.nextNode()) {
      if (comment.nodeValue !== "$") continue;
      let next = comment.nextSibling;
      while (next && next.nodeType !== Node.ELEMENT_NODE && next.nodeValue !== "/$") {
        next = next.nextSibling;
      }
      if (next?.nodeType === Node.ELEMENT_NODE && next.nodeName !== "SCRIPT" && !hydrated(next)) {
        return false;
      }
    }
    return true;
  });
}

export interface BrowserSession {
  /** The test server's origin, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** A page in a fresh context (its own storage), already navigated to `path` and hydrated. */
  openPage(path: string, options?: OpenPageOptions): Promise<OpenedPage>;
  /** Absolute URL of a path on the test server. */
  url(path: string): string;
}

/** `baseUrl` picks another test server, e.g. `inject("paypalAppUrl")` for PayPal mode. */
export function setupBrowser(options: { baseUrl?: string } = {}): BrowserSession {
  const baseUrl = options.baseUrl ?? testServer().baseUrl;
  const chromiumPath = inject("chromiumPath");
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; pages: Page[] }[] = [];

  beforeAll(async () => {
    browser = await launchChromium(chromiumPath);
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    const open = contexts;
    contexts = [];
    const problems: string[] = [];
    for (const { context, pages } of open) {
      for (const page of pages) {
        problems.push(...(guards.get(page)?.problems ?? []));
      }
      await context.close();
    }
    if (problems.length > 0) {
      throw new Error(
        `The page reported ${problems.length} problem(s):\n- ${problems.join("\n- ")}`,
      );
    }
  });

  return {
    baseUrl,
    url: (path) => new URL(path, baseUrl).href,
    async openPage(path, options = {}) {
      if (!browser)
        throw new Error("openPage() runs inside a test, after setupBrowser()'s beforeAll.");
      const javaScript = options.javaScript ?? true;
      const context = await browser.newContext({
        ...VIEWPORTS[options.viewport ?? "desktop"],
        baseURL: baseUrl,
        javaScriptEnabled: javaScript,
        ...options.context,
        extraHTTPHeaders: { ...clientAddressHeaders, ...options.context?.extraHTTPHeaders },
      });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
      if (options.initScript)
        await context.addInitScript(options.initScript.fn, options.initScript.arg);
      await options.beforeGoto?.(context);
      const page = await context.newPage();
      const entry = { context, pages: [page] };
      contexts.push(entry);
      // Pages the app opens itself (target=_blank) are watched too.
      context.on("page", (opened) => {
        if (opened === page) return;
        watch(opened, baseUrl);
        entry.pages.push(opened);
      });
      watch(page, baseUrl, javaScript);
      const response = await goto(page, path, { expectStatus: options.expectStatus });
      return { page, context, response };
    },
  };
}
