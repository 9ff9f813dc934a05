/**
 * Two instances of the built server behind nginx (round robin) on one PostgreSQL and
 * one S3 bucket (issue 13), each with a DATA_DIR of its own: started together on an
 * empty database, both come up; a session made on one is good on the other; an image
 * uploaded through one is served by both; a save on one shows on the other's kept pages
 * within a second; thirty buyers of a tracked item spread over both get exactly as many
 * orders as there was stock; an instance killed in the middle of a 200 MB resumable
 * upload loses nothing: the upload finishes through the other with identical bytes; an
 * instance killed between a buyer's two checkout steps loses no order, and one
 * restarted on its port joins the others.
 *
 * The bucket is OpenStack Swift's S3 API (scripts/swift-s3.sh). Skipped, saying why,
 * without nginx, Swift or a PostgreSQL server; .ci/run installs nginx and Swift.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOUNT_MESSAGES } from "~/domain/shop/discounts/discount-code";
import { UPLOAD_ENDPOINT, type UploadedFile } from "~/domain/media/uploads";
import { discountCodes, orders, shopItems } from "~/server/db/schema/shop.server";
import {
  insertShopItem,
  orderBody,
  providerOrderBody,
  TEST_SHIPPING_ADDRESS,
} from "~/server/testing/shop-fixtures.server";
import {
  SWIFT_SKIP_REASON,
  startSwiftS3,
  swiftInstalled,
  type SwiftS3,
} from "~/server/testing/swift-s3.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "~/server/testing/test-database.server";
import { noiseWav } from "~/server/testing/wav.server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN_EMAIL = "owner@example.com";
const PASSWORD = "two instances, one site";

function findNginx(): string | null {
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  if (which) return which;
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => existsSync(p)) ?? null;
}

const nginx = findNginx();
const hasPostgres = (await testDatabaseKinds()).includes("postgres");
if (!nginx)
  console.warn(
    "two-instances.e2e.ts skipped: nginx is not installed (.ci/run installs nginx-light)",
  );
if (!hasPostgres)
  console.warn("two-instances.e2e.ts skipped: no PostgreSQL answers at TEST_DATABASE_URL");
const hasSwift = swiftInstalled();
if (!hasSwift) console.warn(`two-instances.e2e.ts skipped: ${SWIFT_SKIP_REASON}`);

/**
 * Distinct free ports: all probes listen at once, so no two answers are the same port
 * (one at a time, the proxy was once given an instance's port, and answered for it).
 */
async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const probe = createServer();
          probe.once("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as { port: number }).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** Waits for /readyz of an instance (or of nginx in front); fails with its log when it exits. */
async function waitUntilReady(
  instance: { url: string; process: ChildProcess; log: string },
  deadline: number,
): Promise<void> {
  for (;;) {
    if (instance.process.exitCode !== null) {
      const log = existsSync(instance.log) ? readFileSync(instance.log, "utf8") : "(no log)";
      throw new Error(`${instance.url} exited:\n${log.slice(-3000)}`);
    }
    const ready = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error("an instance did not become ready");
    await sleep(500);
  }
}

describe.skipIf(!nginx || !hasPostgres || !hasSwift)(
  "two instances behind nginx on one PostgreSQL and one bucket",
  () => {
    let tmp: string;
    let t: TestDatabase & { url?: string };
    let swift: SwiftS3;
    let proxyUrl: string;
    interface Instance {
      url: string;
      port: number;
      process: ChildProcess;
      log: string;
    }
    const instances: Instance[] = [];
    let proxy: ChildProcess;
    /** Starts the built server on a port, as every instance of this test runs. */
    let startInstance: (port: number) => Instance;

    beforeAll(async () => {
      tmp = mkdtempSync(path.join(os.tmpdir(), "two-instances-"));
      t = await createTestDatabase("postgres", { migrate: false });
      swift = await startSwiftS3();
      const bucket = swift.config("site-files");
      const [proxyPort, ...ports] = (await freePorts(3)) as [number, number, number];
      proxyUrl = `http://127.0.0.1:${proxyPort}`;

      startInstance = (port: number) => {
        const log = path.join(tmp, `instance-${port}.log`);
        const fd = openSync(log, "a");
        const tmpDir = path.join(tmp, `tmp-${port}`);
        mkdirSync(tmpDir, { recursive: true });
        const child = spawn(process.execPath, ["build/server.js"], {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: "production",
            HOST: "127.0.0.1",
            PORT: String(port),
            SITE_URL: proxyUrl,
            // Nothing shared on disk: files are in the bucket.
            DATA_DIR: path.join(tmp, `data-${port}`),
            // Where the S3 upload store buffers parts: removed with the test's folder.
            TMPDIR: tmpDir,
            S3_ENDPOINT: bucket.endpoint,
            S3_REGION: bucket.region,
            S3_BUCKET: bucket.bucket,
            S3_ACCESS_KEY_ID: bucket.accessKeyId,
            S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
            S3_FORCE_PATH_STYLE: "true",
            DATABASE_URL: t.url,
            BETTER_AUTH_SECRET: "two-instances-secret-0123456789abcdef0123",
            ADMIN_EMAIL,
            TRUST_PROXY: "loopback",
            LOG_LEVEL: "info",
            SMTP_URL: "",
            SITE_PRODUCTION_HOST: "",
          },
          stdio: ["ignore", fd, fd],
        });
        closeSync(fd);
        return { url: `http://127.0.0.1:${port}`, port, process: child, log };
      };
      // Both at once, on an empty database: they must take turns migrating and seeding.
      for (const port of ports) instances.push(startInstance(port));

      const deadline = Date.now() + 240_000;
      for (const instance of instances) await waitUntilReady(instance, deadline);

      // nginx last: its port cannot answer for an instance that is still starting.
      writeFileSync(
        path.join(tmp, "nginx.conf"),
        `worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${tmp}/nginx-body;
  proxy_temp_path ${tmp}/nginx-proxy;
  fastcgi_temp_path ${tmp}/nginx-fastcgi;
  uwsgi_temp_path ${tmp}/nginx-uwsgi;
  scgi_temp_path ${tmp}/nginx-scgi;
  upstream app { server 127.0.0.1:${ports[0]}; server 127.0.0.1:${ports[1]}; }
  server {
    listen 127.0.0.1:${proxyPort};
    client_max_body_size 0;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
      );
      proxy = spawn(nginx!, ["-p", tmp, "-c", path.join(tmp, "nginx.conf"), "-g", "daemon off;"], {
        stdio: "ignore",
      });
      await waitUntilReady(
        { url: proxyUrl, process: proxy, log: path.join(tmp, "nginx-error.log") },
        Date.now() + 30_000,
      );
    }, 300_000);

    afterAll(async () => {
      proxy?.kill("SIGTERM");
      for (const instance of instances) instance.process.kill("SIGTERM");
      await sleep(500);
      for (const instance of instances) instance.process.kill("SIGKILL");
      await t?.destroy();
      swift?.stop();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    }, 60_000);

    it("started together on an empty database, both came up with one demo site", async () => {
      const [items] = await Promise.all([t.db.select().from(shopItems)]);
      expect(items.length).toBeGreaterThan(0);
      // Seeded once: no title twice.
      expect(new Set(items.map((i) => i.title)).size).toBe(items.length);
      for (let i = 0; i < 4; i++) {
        expect((await fetch(`${proxyUrl}/readyz`)).status).toBe(200);
      }
    });

    let cookie = "";

    it("keeps a session made on one instance good on the other", async () => {
      // The owner's one-time link, from the first instance's log.
      const link = await (async () => {
        for (let i = 0; i < 40; i++) {
          const match = /First sign-in: open (\S+) to choose the password/.exec(
            readFileSync(instances[0]!.log, "utf8"),
          );
          if (match) return new URL(match[1]!);
          await sleep(250);
        }
        throw new Error("no owner set-up link in the log");
      })();
      const token = link.searchParams.get("token")!;
      // Through nginx: React Router checks that a form's Origin is the Host it was sent to.
      const setUp = await fetch(`${proxyUrl}/auth/owner-setup?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: proxyUrl },
        body: new URLSearchParams({
          token,
          fullName: "Silas Lowenthorne",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
        redirect: "manual",
      });
      expect(setUp.status, await setUp.clone().text()).toBe(302);
      cookie = setUp.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .filter((c) => c.includes("session_token"))
        .join("; ");
      expect(cookie).not.toBe("");

      // Directly on the other instance, and through nginx a few times (both in turn).
      // Made on one of them: good directly on each, and through nginx (both in turn).
      for (const instance of instances) {
        const direct = await fetch(`${instance.url}/admin`, {
          headers: { cookie },
          redirect: "manual",
        });
        expect(direct.status).toBe(200);
      }
      for (let i = 0; i < 4; i++) {
        const viaProxy = await fetch(`${proxyUrl}/admin`, {
          headers: { cookie },
          redirect: "manual",
        });
        expect(viaProxy.status).toBe(200);
      }
    });

    /** A tus request with the owner's session, as the admin's upload field sends it. */
    function tus(
      url: string,
      method: string,
      headers: Record<string, string> = {},
      body?: Uint8Array | ReadableStream<Uint8Array>,
    ) {
      return fetch(url, {
        method,
        headers: { "Tus-Resumable": "1.0.0", cookie, origin: proxyUrl, ...headers },
        body: body instanceof Uint8Array ? Buffer.from(body) : body,
        ...(body && !(body instanceof Uint8Array) && { duplex: "half" }),
      } as RequestInit);
    }

    const uploadMetadata = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
        .join(",");

    async function createUpload(base: string, kind: string, filename: string, size: number) {
      const created = await tus(`${base}${UPLOAD_ENDPOINT}`, "POST", {
        "Upload-Length": String(size),
        "Upload-Metadata": uploadMetadata({ kind, filename }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      return created.headers.get("location")!;
    }

    const append = (url: string, offset: number, body: Uint8Array | ReadableStream<Uint8Array>) =>
      tus(
        url,
        "PATCH",
        { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body,
      );

    it("serves an image uploaded through one instance from both, with its variants", async () => {
      const png = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 120, b: 30 } },
      })
        .png()
        .toBuffer();
      // Created through nginx and sent through nginx: round robin puts the two requests
      // on different instances.
      const location = await createUpload(proxyUrl, "image", "poster.png", png.length);
      const finished = await append(`${proxyUrl}${location}`, 0, png);
      expect(finished.status, await finished.clone().text()).toBe(200);
      const stored = (await finished.json()) as UploadedFile;
      expect(stored.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);

      for (const instance of instances) {
        const file = await fetch(`${instance.url}${stored.url}`);
        expect(file.status).toBe(200);
        expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(png));
        const variant = await fetch(`${instance.url}/img/768${stored.url}.webp`);
        expect(variant.status).toBe(200);
        expect(variant.headers.get("content-type")).toBe("image/webp");
        expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(768);
      }
    });

    it("shows a save made on one instance on the other's kept page within a second", async () => {
      // Each instance keeps its own copy of /events.
      for (const instance of instances) {
        await fetch(`${instance.url}/events`);
        const kept = await fetch(`${instance.url}/events`);
        expect(kept.headers.get("x-page-cache")).toBe("hit");
      }

      const title = `Tonight at the Blue Room ${Date.now().toString(36)}`;
      const saved = await fetch(`${proxyUrl}/admin/page-content`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: proxyUrl,
          cookie,
        },
        body: new URLSearchParams({
          intent: "update-content",
          pageName: "events-hero-title",
          title,
          description: "",
        }),
        redirect: "manual",
      });
      expect(saved.status).toBeLessThan(400);
      const savedAt = Date.now();

      // Whichever instance saved it, both show it within a second.
      const shownOn = async (url: string) => {
        while (Date.now() - savedAt < 1_000) {
          if ((await (await fetch(`${url}/events`)).text()).includes(title)) return true;
          await sleep(50);
        }
        return false;
      };
      expect(await Promise.all(instances.map((i) => shownOn(i.url)))).toEqual([true, true]);
    });

    it("sells exactly the stock to thirty buyers spread over both instances", async () => {
      const item = await insertShopItem(t.db, {
        title: "Two-instance test pressing",
        category: "cd",
        price: 12,
        inventoryCount: 5,
        isVisible: true,
      });
      const lines = [{ item, quantity: 1 }];
      const buy = async (buyer: number) => {
        // Each buyer from its own address (nginx appends what it saw; TRUST_PROXY=loopback).
        const headers = {
          "content-type": "application/json",
          origin: proxyUrl,
          "x-forwarded-for": `10.1.0.${buyer + 1}`,
        };
        const email = `buyer${buyer}@example.com`;
        // To the demo's home zone (decision 039): the address in the country charged for.
        const created = await fetch(`${proxyUrl}/api/create-provider-order`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            ...providerOrderBody(lines, email, { ...TEST_SHIPPING_ADDRESS, country: "US" }),
            shippingCountry: "US",
          }),
        });
        // Refused: 409 when another buyer's hold took the last copy first, 400 when the
        // stock was already gone before this buyer's order was checked.
        if (created.status !== 200) return created.status;
        const { orderID } = (await created.json()) as { orderID: string };
        const completed = await fetch(`${proxyUrl}/api/create-order`, {
          method: "POST",
          headers,
          body: JSON.stringify(orderBody(orderID, lines, email)),
        });
        return completed.status;
      };
      const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => buy(i)));
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(" "),
      ).toHaveLength(5);
      expect(
        statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 400),
        statuses.join(" "),
      ).toBe(true);

      const [stock] = await t.db
        .select({ n: shopItems.inventoryCount })
        .from(shopItems)
        .where(eq(shopItems.id, item.id));
      expect(stock!.n).toBe(0);
      const completed = await t.db
        .select()
        .from(orders)
        .where(eq(orders.paymentStatus, "completed"));
      expect(completed.filter((o) => o.customerEmail.startsWith("buyer"))).toHaveLength(5);

      // Both instances' shop pages say so on their next load (the product's JSON-LD).
      for (const instance of instances) {
        const page = await (await fetch(`${instance.url}/shop`)).text();
        const offers = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
          .map((m) => JSON.parse(m[1]!) as { sku?: string; offers?: { availability: string } })
          .filter((ld) => ld.sku === item.id);
        expect(offers.map((ld) => ld.offers?.availability)).toEqual([
          "https://schema.org/OutOfStock",
        ]);
      }
    }, 120_000);

    it("gives a code with 5 uses left to exactly 5 of thirty buyers spread over both instances", async () => {
      const item = await insertShopItem(t.db, {
        title: "Two-instance discounted album",
        category: "digital_music",
        price: 10,
        inventoryCount: null,
        isVisible: true,
      });
      await t.db
        .insert(discountCodes)
        .values({ code: "TWOHOSTS", kind: "percent", amount: 20, maxUses: 5 });
      const lines = [{ item, quantity: 1 }];
      // Where each instance's log stands: its request lines after this are the race's.
      const logStart = instances.map((instance) => readFileSync(instance.log).length);
      const buy = async (buyer: number): Promise<{ status: number; error?: string }> => {
        // Through nginx's round robin, like the stock race: calls straight to one instance
        // would leave keep-alive sockets that the upload test below could meet just as
        // the server closes them ("other side closed").
        const base = proxyUrl;
        const headers = {
          "content-type": "application/json",
          origin: base,
          "x-forwarded-for": `10.3.0.${buyer + 1}`,
        };
        const email = `code-buyer${buyer}@example.com`;
        const created = await fetch(`${base}/api/create-provider-order`, {
          method: "POST",
          headers,
          body: JSON.stringify({ ...providerOrderBody(lines, email), discountCode: "twohosts" }),
        });
        const refusal = async (response: Response) => ({
          status: response.status,
          error: ((await response.json()) as { error?: string }).error,
        });
        if (created.status !== 200) return refusal(created);
        const { orderID } = (await created.json()) as { orderID: string };
        const completed = await fetch(`${base}/api/create-order`, {
          method: "POST",
          headers,
          body: JSON.stringify(orderBody(orderID, lines, email)),
        });
        return completed.status === 200 ? { status: 200 } : refusal(completed);
      };
      const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => buy(i)));
      const said = outcomes.map((o) => `${o.status} ${o.error ?? ""}`).join(" | ");
      expect(
        outcomes.filter((o) => o.status === 200),
        said,
      ).toHaveLength(5);
      // Every other buyer was refused plainly when ordering: 409 when another buyer's hold
      // took the last use first, 400 when the uses were gone before this order was
      // priced; in both cases the code's own sentence, never a server error.
      for (const loser of outcomes.filter((o) => o.status !== 200)) {
        expect([400, 409], said).toContain(loser.status);
        expect(loser.error, said).toBe(DISCOUNT_MESSAGES.usedUp);
      }
      // Both instances took part: each logged some of the race's checkouts (a request
      // line per answer; the log is written asynchronously, so it may trail a little).
      const checkoutsLogged = () =>
        instances.map(
          (instance, i) =>
            readFileSync(instance.log)
              .subarray(logStart[i])
              .toString("utf8")
              .split("\n")
              .filter((line) => {
                // A line still being written is counted on the next look.
                if (!line.startsWith("{") || !line.endsWith("}")) return false;
                const entry = JSON.parse(line) as { msg?: string; method?: string; path?: string };
                return (
                  entry.msg === "request" &&
                  entry.method === "POST" &&
                  entry.path === "/api/create-provider-order"
                );
              }).length,
        );
      let perInstance = checkoutsLogged();
      for (let i = 0; i < 20 && perInstance.reduce((a, b) => a + b, 0) < 30; i++) {
        await sleep(100);
        perInstance = checkoutsLogged();
      }
      expect(
        perInstance.reduce((a, b) => a + b, 0),
        `checkouts logged per instance: ${perInstance.join(", ")}`,
      ).toBe(30);
      for (const count of perInstance) {
        expect(count, `checkouts logged per instance: ${perInstance.join(", ")}`).toBeGreaterThan(
          0,
        );
      }
      const discounted = (await t.db.select().from(orders)).filter(
        (o) => o.customerEmail.startsWith("code-buyer") && o.paymentStatus === "completed",
      );
      expect(discounted.map((o) => [o.discountCode, o.discountAmount, o.totalAmount])).toEqual(
        Array.from({ length: 5 }, () => ["TWOHOSTS", 2, 8]),
      );
      const [code] = await t.db
        .select({ usesTaken: discountCodes.usesTaken })
        .from(discountCodes)
        .where(eq(discountCodes.code, "TWOHOSTS"));
      expect(code!.usesTaken).toBe(5);
    }, 120_000);

    it("loses nothing of a 200 MB upload when its instance is killed mid-way", async () => {
      const MB = 1024 * 1024;
      const size = 200 * MB;
      // A WAV header, then 200 MB of noise nobody could guess.
      const audio = noiseWav(size);

      const [doomed, survivor] = instances as [(typeof instances)[0], (typeof instances)[0]];
      const location = await createUpload(doomed.url, "audio", "long-take.wav", size);

      // The bytes go to the doomed instance in 1 MB pieces; after 70 MB it is killed.
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= 70 * MB) {
            doomed.process.kill("SIGKILL");
            await sleep(5_000);
            controller.error(new Error("the instance is gone"));
            return;
          }
          controller.enqueue(audio.subarray(sent, sent + MB));
          sent += MB;
        },
      });
      await append(`${doomed.url}${location}`, 0, body).then(
        (response) => expect.fail(`the killed instance answered ${response.status}`),
        () => {},
      );
      if (doomed.process.exitCode === null && doomed.process.signalCode === null) {
        await new Promise((resolve) => doomed.process.once("exit", resolve));
      }
      expect(doomed.process.signalCode).toBe("SIGKILL");

      // The other instance knows how far it got: whole parts are in the bucket.
      const head = await tus(`${survivor.url}${location}`, "HEAD");
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get("upload-offset"));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(70 * MB);

      const finished = await append(`${survivor.url}${location}`, offset, audio.subarray(offset));
      expect(finished.status, await finished.clone().text()).toBe(200);
      const stored = (await finished.json()) as UploadedFile;
      expect(stored).toMatchObject({ kind: "audio", size });

      const served = await fetch(`${survivor.url}${stored.url}`);
      expect(served.status).toBe(200);
      expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(audio));
    }, 300_000);

    it("loses no order when the instance that took it is killed, and a restarted one joins", async () => {
      // The upload test killed the first instance: it comes back on its port.
      const first = instances[0]!;
      expect(first.process.exitCode !== null || first.process.signalCode !== null).toBe(true);
      instances[0] = startInstance(first.port);
      await waitUntilReady(instances[0], Date.now() + 120_000);
      const [restarted, doomed] = instances as [Instance, Instance];

      const item = await insertShopItem(t.db, {
        title: "Killed-instance test pressing",
        category: "cd",
        price: 15,
        inventoryCount: 3,
        isVisible: true,
      });
      const lines = [{ item, quantity: 1 }];
      const post = (base: string, route: string, buyer: number, body: unknown) =>
        fetch(`${base}${route}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: proxyUrl,
            "x-forwarded-for": `10.2.0.${buyer}`,
          },
          body: JSON.stringify(body),
        });
      const begin = async (base: string, buyer: number, email: string) => {
        const created = await post(base, "/api/create-provider-order", buyer, {
          ...providerOrderBody(lines, email, { ...TEST_SHIPPING_ADDRESS, country: "US" }),
          shippingCountry: "US",
        });
        expect(created.status, await created.clone().text()).toBe(200);
        return ((await created.json()) as { orderID: string }).orderID;
      };

      // On the doomed instance: one buyer pays; another is between PayPal's two steps.
      const paid = await begin(doomed.url, 1, "paid-before-kill@example.com");
      const done = await post(doomed.url, "/api/create-order", 1, {
        ...orderBody(paid, lines, "paid-before-kill@example.com"),
      });
      expect(done.status, await done.clone().text()).toBe(200);
      const pending = await begin(doomed.url, 2, "paying-during-kill@example.com");

      doomed.process.kill("SIGKILL");
      await new Promise((resolve) => doomed.process.once("exit", resolve));

      // The second buyer's approval arrives through nginx, which now reaches the other.
      const finished = await post(proxyUrl, "/api/create-order", 2, {
        ...orderBody(pending, lines, "paying-during-kill@example.com"),
      });
      expect(finished.status, await finished.clone().text()).toBe(200);

      const placed = await t.db
        .select({ email: orders.customerEmail, status: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.paymentStatus, "completed"));
      expect(
        placed
          .map((o) => o.email)
          .filter((e) => e.includes("-kill@"))
          .sort(),
      ).toEqual(["paid-before-kill@example.com", "paying-during-kill@example.com"]);
      const [stock] = await t.db
        .select({ n: shopItems.inventoryCount })
        .from(shopItems)
        .where(eq(shopItems.id, item.id));
      expect(stock!.n).toBe(1);

      // The restarted instance serves the session made before and the shop as it is.
      expect((await fetch(`${restarted.url}/admin`, { headers: { cookie } })).status).toBe(200);
      const shop = await (await fetch(`${proxyUrl}/shop`)).text();
      const offers = [...shop.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!) as { sku?: string; offers?: { availability: string } })
        .filter((ld) => ld.sku === item.id);
      expect(offers.map((ld) => ld.offers?.availability)).toEqual(["https://schema.org/InStock"]);
    }, 300_000);
  },
);
