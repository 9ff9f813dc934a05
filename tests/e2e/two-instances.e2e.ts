/**
 * Two instances of the built server behind nginx (round robin) on one PostgreSQL
 * (issue 13): started together on an empty database, both come up; a session made on
 * one is good on the other; a save on one shows on the other's kept pages within a
 * second; thirty buyers of a tracked item spread over both get exactly as many orders
 * as there was stock.
 *
 * Both share one DATA_DIR (uploads need a shared volume until object storage lands).
 * Skipped, saying why, without nginx or a PostgreSQL server; .ci/run installs nginx.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  closeSync,
  existsSync,
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
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, shopItems } from "~/server/db/schema.server";
import {
  insertShopItem,
  orderBody,
  providerOrderBody,
} from "~/server/testing/shop-fixtures.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "~/server/testing/test-database.server";

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!nginx || !hasPostgres)("two instances behind nginx on one PostgreSQL", () => {
  let tmp: string;
  let t: TestDatabase & { url?: string };
  let proxyUrl: string;
  const instances: { url: string; process: ChildProcess; log: string }[] = [];
  let proxy: ChildProcess;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "two-instances-"));
    t = await createTestDatabase("postgres", { migrate: false });
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const ports = [await freePort(), await freePort()];

    // Both at once, on an empty database: they must take turns migrating and seeding.
    for (const port of ports) {
      const log = path.join(tmp, `instance-${port}.log`);
      const fd = openSync(log, "a");
      const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          SITE_URL: proxyUrl,
          DATA_DIR: path.join(tmp, "shared-data"),
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
      instances.push({ url: `http://127.0.0.1:${port}`, process: child, log });
    }

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

    const deadline = Date.now() + 240_000;
    for (const instance of instances) {
      for (;;) {
        if (instance.process.exitCode !== null) {
          throw new Error(
            `an instance exited:\n${readFileSync(instance.log, "utf8").slice(-3000)}`,
          );
        }
        const ready = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
          .then((r) => r.status === 200)
          .catch(() => false);
        if (ready) break;
        if (Date.now() > deadline) throw new Error("an instance did not become ready");
        await sleep(500);
      }
    }
  }, 300_000);

  afterAll(async () => {
    proxy?.kill("SIGTERM");
    for (const instance of instances) instance.process.kill("SIGTERM");
    await sleep(500);
    for (const instance of instances) instance.process.kill("SIGKILL");
    await t?.destroy();
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
      const created = await fetch(`${proxyUrl}/api/create-provider-order`, {
        method: "POST",
        headers,
        body: JSON.stringify(providerOrderBody(lines, email)),
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
    const completed = await t.db.select().from(orders).where(eq(orders.paymentStatus, "completed"));
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
});
