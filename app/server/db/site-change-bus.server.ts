/**
 * Several instances on one PostgreSQL (issue 13): a save on one must drop the cached
 * content and pages of all. Each invalidation is published with NOTIFY (after the
 * write's commit, where services call `invalidateSiteCache`) and every other instance,
 * LISTENing on its own connection, applies it locally. An instance ignores its own
 * notices; it has applied them already.
 *
 * A lost connection is opened again; whatever was saved while it was down may have been
 * missed, so a reconnect drops everything once.
 */
import crypto from "node:crypto";
import pg from "pg";
import type { SiteChange } from "~/domain/pages/page-cache";
import { logger } from "../core/logger.server";

export const SITE_CHANGE_CHANNEL = "site_change";
const RECONNECT_MS = 1_000;

interface Notice {
  from: string;
  change: SiteChange;
}

export interface SiteChangeBus {
  readonly instanceId: string;
  publish(change: SiteChange): void;
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startSiteChangeBus(options: {
  connectionString: string;
  /** Applies another instance's change here (not re-published). */
  apply: (change: SiteChange) => void;
  instanceId?: string;
}): SiteChangeBus {
  const instanceId = options.instanceId ?? crypto.randomUUID();
  let listener: pg.Client | null = null;
  let stopped = false;
  let connectedOnce = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  // Publishing goes through a small pool of its own, so a NOTIFY never waits behind the
  // app's queries or holds one of its clients.
  const publisher = new pg.Pool({
    connectionString: options.connectionString,
    max: 2,
    connectionTimeoutMillis: 3_000,
  });
  publisher.on("error", (error) => logger.warn({ err: error }, "Site-change publisher error"));

  async function listen() {
    if (stopped) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    });
    const retry = () => {
      if (listener === client) listener = null;
      client.removeAllListeners();
      client.end().catch(() => {});
      if (!stopped) setTimeout(() => void listen(), RECONNECT_MS).unref();
    };
    client.on("error", (error) => {
      logger.warn({ err: error }, "Site-change listener lost its connection");
      retry();
    });
    client.on("notification", (message) => {
      if (message.channel !== SITE_CHANGE_CHANNEL || !message.payload) return;
      let notice: Notice;
      try {
        notice = JSON.parse(message.payload) as Notice;
      } catch {
        return;
      }
      if (notice.from === instanceId) return;
      options.apply(notice.change);
    });
    try {
      await client.connect();
      await client.query(`listen ${SITE_CHANGE_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: error }, "Site-change listener could not connect; retrying");
      retry();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    // Changes made while we were not listening were missed: start clean.
    if (connectedOnce) options.apply({ kind: "everything" });
    connectedOnce = true;
    markReady();
  }
  void listen();

  return {
    instanceId,
    ready,
    publish(change) {
      const payload = JSON.stringify({ from: instanceId, change } satisfies Notice);
      publisher
        .query("select pg_notify($1, $2)", [SITE_CHANGE_CHANNEL, payload])
        .catch((error) => logger.warn({ err: error }, "Could not publish a site change"));
    },
    async stop() {
      stopped = true;
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => {}), publisher.end().catch(() => {})]);
    },
  };
}
