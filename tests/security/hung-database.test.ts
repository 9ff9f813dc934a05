/**
 * A PostgreSQL that accepts connections but never answers (a frozen server, a stuck
 * network) once held every request: /readyz, / and /shop gave no answer at all. Now
 * queries give up after the pool's timeouts, readiness says "no" within its bound, and
 * the app recovers on its own when the database answers again.
 *
 * The freeze is a TCP relay in front of the real server that stops passing bytes.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseReady, openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { testDatabaseKinds } from "~/server/testing/test-database.server";

const hasPostgres = (await testDatabaseKinds()).includes("postgres");
const postgresUrl = new URL(
  process.env.TEST_DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/test",
);

/** Relays TCP to `target`; while frozen, bytes in either direction are held back. */
async function startFreezableRelay(target: { host: string; port: number }) {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const pass = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    pass(client, upstream);
    pass(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => (frozen = true),
    thaw: () => {
      frozen = false;
      for (const flush of held.splice(0)) flush();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe("a database that accepts connections and never answers", () => {
  let silent: net.Server;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // Accepts, then says nothing: not even PostgreSQL's start-up reply.
    silent = net.createServer((socket) => socket.on("error", () => {}));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    handle = openDatabase({
      kind: "postgres",
      url: `postgres://app@127.0.0.1:${port}/site`,
      timeouts: { connectMs: 300 },
    });
  });
  afterAll(async () => {
    await handle?.close().catch(() => {});
    silent?.close();
  });

  it("fails a query instead of hanging, and readiness says no", async () => {
    await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
    expect(await isDatabaseReady(handle.db, 500)).toBe(false);
  });
});

describe.runIf(hasPostgres)("a PostgreSQL that freezes mid-session", () => {
  let relay: Awaited<ReturnType<typeof startFreezableRelay>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    relay = await startFreezableRelay({
      host: postgresUrl.hostname,
      port: Number(postgresUrl.port || 5432),
    });
    const url = new URL(postgresUrl);
    url.host = `127.0.0.1:${relay.port}`;
    handle = openDatabase({
      kind: "postgres",
      url: url.toString(),
      timeouts: { connectMs: 500, queryMs: 500 },
    });
  });
  afterAll(async () => {
    relay?.thaw();
    await handle?.close().catch(() => {});
    relay?.close();
  });

  it("gives up on queries while frozen, and answers again once it thaws", async () => {
    await handle.db.execute(sql`select 1`); // a pooled connection, open before the freeze
    relay.freeze();
    const frozenQuery = await handle.db.execute(sql`select 1`).catch((error: Error) => error);
    expect(String((frozenQuery as Error).cause)).toMatch(/timeout/i);
    expect(await isDatabaseReady(handle.db, 500)).toBe(false);

    relay.thaw();
    await expect.poll(() => isDatabaseReady(handle.db, 1000), { timeout: 10_000 }).toBe(true);
    const rows = await handle.db.execute(sql`select 2 as two`);
    expect(rows.rows[0]).toEqual({ two: 2 });
  });
});
