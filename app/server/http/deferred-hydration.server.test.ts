import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_ID,
  FALLBACK_START_MS,
  PRELOADS_PER_TASK,
  deferredLoaderScript,
  deferHydrationTransform,
  deferModuleScripts,
} from "./deferred-hydration.server";

const NONCE = "abc123==";
const moduleScript = `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-1.js";
import("/assets/entry.client-1.js");</script>`;
const documentHtml = [
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/shell-1.js" nonce="${NONCE}"/>`,
  `<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossOrigin="anonymous"/>`,
  `</head><body><main>Café – “hello”</main>`,
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  moduleScript,
  // Multi-byte characters right after the script: a chunk may end inside one of them.
  `€€€`,
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("x")</script>`,
  `<footer>Ünïcödé after the scripts – “streamed” €</footer>`,
  `</body></html>`,
].join("");

describe("deferModuleScripts", () => {
  const out = deferModuleScripts(documentHtml, NONCE)!;

  it("takes the module preloads out of the head and keeps every other link", () => {
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).toContain('<link rel="preload" href="/fonts/inter.woff2"');
  });

  it("holds the module script back as inert text with the same content", () => {
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain(
      `<script nonce="${NONCE}" type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">import * as route0`,
    );
  });

  it("adds a nonce'd loader that preloads the same modules and runs the same script", () => {
    const loader = /<script nonce="abc123==">(\(function\(\)[\s\S]*?)<\/script>/.exec(out);
    expect(loader).not.toBeNull();
    expect(loader![1]).toContain('["/assets/entry.client-1.js","/assets/shell-1.js"]');
    expect(loader![1]).toContain(`s.nonce="${NONCE}"`);
    // Right after the held-back script, before the data the router streams in.
    expect(out.indexOf(loader![0])).toBeLessThan(out.indexOf("streamController.enqueue"));
  });

  it("leaves a document without React Router's module script alone", () => {
    expect(deferModuleScripts("<html><body>plain</body></html>", NONCE)).toBeNull();
  });

  /** Runs the loader against a stand-in page; returns what it appended, step by step. */
  function runLoader(
    options: { paintTiming: boolean },
    loader = /<script nonce="abc123==">(\(function\(\)[\s\S]*?)<\/script>/.exec(out)![1]!,
  ) {
    const appended: { tag: string; props: Record<string, unknown> }[] = [];
    const record = (node: Record<string, unknown>) =>
      appended.push({ tag: node.tag as string, props: { ...node } });
    const frames: (() => void)[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    let paintCallback: ((list: unknown, observer: unknown) => void) | undefined;
    let disconnected = false;
    class FakePerformanceObserver {
      static supportedEntryTypes = options.paintTiming ? ["paint", "navigation"] : ["navigation"];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        paintCallback = callback;
      }
      observe(init: { type: string; buffered: boolean }) {
        expect(init).toEqual({ type: "paint", buffered: true });
      }
      disconnect() {
        disconnected = true;
      }
    }
    const page = {
      window: { PerformanceObserver: FakePerformanceObserver },
      document: {
        createElement: (tag: string) => ({ tag }),
        getElementById: (id: string) =>
          id === DEFERRED_MODULE_ID ? { textContent: "CODE" } : null,
        head: { appendChild: record },
        body: { appendChild: record },
      },
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    };
    new Function("window", "document", "requestAnimationFrame", "setTimeout", loader)(
      page.window,
      page.document,
      page.requestAnimationFrame,
      page.setTimeout,
    );
    const runTimers = (filter: (ms: number) => boolean) =>
      timers.splice(0).forEach((t) => (filter(t.ms) ? t.fn() : timers.push(t)));
    return {
      appended,
      frames,
      timers,
      runTimers,
      paint: (name: string) =>
        paintCallback!(
          { getEntriesByName: (n: string) => (n === name ? [{}] : []) },
          {
            disconnect: () => (disconnected = true),
          },
        ),
      disconnected: () => disconnected,
    };
  }

  /** The preloads are added in the loader's task, the module script in the next one. */
  const expectModulesAdded = (page: ReturnType<typeof runLoader>) => {
    const kinds = () => page.appended.map((a) => [a.tag, a.props.rel ?? a.props.type]);
    expect(kinds()).toEqual([
      ["link", "modulepreload"],
      ["link", "modulepreload"],
    ]);
    page.runTimers((ms) => ms === 0);
    expect(kinds()).toEqual([
      ["link", "modulepreload"],
      ["link", "modulepreload"],
      ["script", "module"],
    ]);
    expect(page.appended[2]!.props).toMatchObject({ nonce: NONCE, textContent: "CODE" });
  };

  it("starts the scripts once the first contentful paint is reported, once", () => {
    const page = runLoader({ paintTiming: true });
    page.runTimers((ms) => ms === 0);
    page.paint("first-paint"); // a blank frame is not enough
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toEqual([]);

    page.paint("first-contentful-paint");
    expect(page.disconnected()).toBe(true);
    page.runTimers((ms) => ms === 0);
    expectModulesAdded(page);
    page.runTimers(() => true); // the fallback timer finds them started
    expect(page.appended).toHaveLength(3);
  });

  it("without paint timing, starts them after the next frame", () => {
    const page = runLoader({ paintTiming: false });
    expect(page.appended).toEqual([]);
    page.frames.forEach((fn) => fn());
    page.runTimers((ms) => ms === 0);
    expectModulesAdded(page);
  });

  it(`adds ${PRELOADS_PER_TASK} preloads per task, in order, then the module script`, () => {
    const hrefs = Array.from({ length: 9 }, (_, i) => `/assets/chunk-${i}.js`);
    const page = runLoader({ paintTiming: false }, deferredLoaderScript(hrefs, NONCE));
    page.frames.forEach((fn) => fn());
    page.runTimers((ms) => ms === 0); // go
    const added = () => page.appended.map((a) => a.props.href ?? a.props.type);
    expect(added()).toEqual(hrefs.slice(0, 4));
    page.runTimers((ms) => ms === 0);
    expect(added()).toEqual(hrefs.slice(0, 8));
    page.runTimers((ms) => ms === 0);
    expect(added()).toEqual(hrefs);
    page.runTimers((ms) => ms === 0);
    expect(added()).toEqual([...hrefs, "module"]);
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toHaveLength(10);
  });

  it("starts them after FALLBACK_START_MS when no paint comes (a hidden tab)", () => {
    const page = runLoader({ paintTiming: true });
    expect(page.timers.map((t) => t.ms)).toEqual([FALLBACK_START_MS]);
    page.runTimers(() => true);
    expectModulesAdded(page);
  });
});

describe("deferHydrationTransform", () => {
  it("gives the same result however the document is cut into chunks", async () => {
    const bytes = Buffer.from(documentHtml, "utf8");
    // Every chunk size from 1 to 24 bytes cuts through tags and multi-byte characters
    // at every possible offset, including right after the module script.
    for (let size = 1; size <= 24; size++) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, i * size + size),
      );
      const out = await text(Readable.from(chunks).pipe(deferHydrationTransform(NONCE)));
      expect(out, `chunks of ${size} bytes`).toBe(deferModuleScripts(documentHtml, NONCE));
    }
    const whole = deferModuleScripts(documentHtml, NONCE)!;
    expect(whole).toContain("Café – “hello”");
    expect(whole).toContain("</script>€€€");
    expect(whole).toContain("Ünïcödé after the scripts – “streamed” €");
  });

  it("passes a document without the module script through unchanged", async () => {
    const html = "<html><body>no scripts — ünïcode</body></html>";
    const out = await text(Readable.from([Buffer.from(html)]).pipe(deferHydrationTransform(NONCE)));
    expect(out).toBe(html);
  });

  it("sends what React writes in one go as one chunk, and a later write as another", async () => {
    const bytes = Buffer.from(documentHtml, "utf8");
    const stage = deferHydrationTransform(NONCE);
    const sent: string[] = [];
    stage.on("data", (chunk: Buffer) => sent.push(chunk.toString("utf8")));
    const ended = new Promise((resolve) => stage.on("end", resolve));

    // The shell in 16-byte writes, all in one synchronous go, as React flushes it.
    const late = "<div>a boundary that finished later</div>";
    const shell = bytes.subarray(0, bytes.length - "</body></html>".length);
    for (let at = 0; at < shell.length; at += 16) stage.write(shell.subarray(at, at + 16));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(1);

    stage.write(Buffer.from(late.slice(0, 10)));
    stage.write(Buffer.from(late.slice(10)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(late);

    stage.end(Buffer.from("</body></html>"));
    await ended;
    expect(sent.join("")).toBe(
      deferModuleScripts(shell.toString("utf8") + late + "</body></html>", NONCE),
    );
  });
});
