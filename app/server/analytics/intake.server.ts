/**
 * The beacon's intake (issue 25, docs/decisions/035): POST /api/event, answered in
 * server.ts ahead of Express like a kept page, because it is as hot. Always a bare 204
 * (413 for a body over the cap), never an error page: a refused or uncounted beacon
 * looks the same as a counted one. Events wait in memory and are written together
 * about once a second, so a crowd costs a few inserts, not one per request. The client
 * address is used for the hash and the in-memory rate limit, and written nowhere.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import Bowser from "bowser";
import { isbot } from "isbot";
import {
  MAX_BEACON_BYTES,
  parseBeacon,
  skipReason,
  visitSource,
  type BeaconEvent,
  type EventKind,
} from "~/domain/analytics/analytics";
import { hasPrivateCookie } from "~/domain/pages/page-cache";
import { calendarDayIn } from "~/domain/core/time-zone";
import { logger } from "../core/logger.server";
import type { Database } from "../db/database.server";
import { sql } from "drizzle-orm";
import type { analyticsEvents } from "../db/schema/analytics.server";
import { createSaltCache, visitorHash } from "./salts.server";

export const BEACON_PATH = "/api/event";

/** Beacons one address may send in a minute; the rest are answered and dropped. */
export const BEACONS_PER_ADDRESS_PER_MINUTE = 120;
/** Addresses the limiter remembers at once; past this it starts a fresh minute early. */
const MAX_TRACKED_ADDRESSES = 50_000;
/** Events waiting for the next write; a flood past this is dropped, never queued. */
const MAX_BUFFERED_EVENTS = 20_000;
const FLUSH_EVERY_MS = 1_000;
/** Rows per insert: a few milliseconds of the server's thread on PGlite. */
const WRITE_BATCH = 500;

export type AnalyticsRow = typeof analyticsEvents.$inferInsert;

export interface DeviceClass {
  device: "phone" | "tablet" | "desktop" | "";
  browser: string;
}

interface AgentFacts extends DeviceClass {
  bot: boolean;
}

const agentAnswers = new Map<string, AgentFacts>();

/**
 * What a user agent says: phone, tablet or desktop and the browser's family (bowser),
 * and whether it is a bot (isbot). Kept per agent, as a crowd's agents repeat and both
 * readings are long regular expressions.
 */
function agentFacts(userAgent: string): AgentFacts {
  const kept = agentAnswers.get(userAgent);
  if (kept) return kept;
  let answer: AgentFacts = { device: "", browser: "", bot: !userAgent || isbot(userAgent) };
  try {
    const parsed = Bowser.parse(userAgent);
    const platform = parsed.platform.type;
    answer = {
      ...answer,
      device:
        platform === "mobile"
          ? "phone"
          : platform === "tablet"
            ? "tablet"
            : platform
              ? "desktop"
              : "",
      browser: (parsed.browser.name ?? "").slice(0, 40),
    };
  } catch {
    // An agent bowser cannot read is counted without a class.
  }
  if (agentAnswers.size >= 1000) agentAnswers.clear();
  agentAnswers.set(userAgent, answer);
  return answer;
}

/** Phone, tablet or desktop and the browser's family. */
export function deviceClass(userAgent: string): DeviceClass {
  const { device, browser } = agentFacts(userAgent);
  return { device, browser };
}

/**
 * The calendar day in the site's time zone, worked out once a minute rather than per
 * beacon (Intl's formatting was a tenth of a beacon's cost). Every time zone's day
 * starts on a whole minute, so a minute's answer holds for all of it.
 */
function calendarDayByMinute(timeZone: string): (at: Date) => string {
  let minute = Number.NaN;
  let day = "";
  return (at) => {
    const thisMinute = Math.floor(at.getTime() / 60_000);
    if (thisMinute !== minute) {
      minute = thisMinute;
      day = calendarDayIn(at, timeZone);
    }
    return day;
  };
}

export interface AnalyticsIntakeOptions {
  db: Database;
  timeZone: string;
  /** The site's own hosts: a referrer from one of them is no source. */
  ownHosts: readonly string[];
  clientAddress: (req: IncomingMessage) => string;
  requestedHost: (req: IncomingMessage) => string | undefined;
  now?: () => Date;
  flushEveryMs?: number;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Many events in one statement with one array parameter per column: a thousand rows
 * cost the database one short statement to parse, not twelve thousand parameters
 * (on PGlite that parsing runs in this very process).
 */
export async function insertEvents(db: Database, rows: readonly AnalyticsRow[]): Promise<void> {
  if (rows.length === 0) return;
  // One bound parameter per column (drizzle would spread a bare array into a list).
  const column = <T>(read: (row: AnalyticsRow) => T) => sql.param(rows.map(read));
  await db.execute(sql`
    insert into analytics_events
      (occurred_at, kind, visitor, path, source, campaign, device, browser, subject, outcome, variant)
    select * from unnest(
      ${column((r) => r.occurredAt.toISOString())}::timestamptz[],
      ${column((r) => r.kind)}::text[],
      ${column((r) => r.visitor)}::text[],
      ${column((r) => r.path ?? "")}::text[],
      ${column((r) => r.source ?? "")}::text[],
      ${column((r) => r.campaign ?? "")}::text[],
      ${column((r) => r.device ?? "")}::text[],
      ${column((r) => r.browser ?? "")}::text[],
      ${column((r) => r.subject ?? "")}::text[],
      ${column((r) => r.outcome ?? "")}::text[],
      ${column((r) => r.variant ?? "")}::text[]
    )`);
}

export function createAnalyticsIntake(options: AnalyticsIntakeOptions) {
  const now = options.now ?? (() => new Date());
  const saltOf = createSaltCache(options.db);
  const dayOf = calendarDayByMinute(options.timeZone);
  let buffer: AnalyticsRow[] = [];
  let dropped = 0;
  const counters = { received: 0, counted: 0, skipped: 0, limited: 0, refused: 0 };

  // The rate limiter's minute: a map of address -> beacons, dropped whole each minute.
  let minuteStartedAt = 0;
  let beaconsByAddress = new Map<string, number>();
  function withinLimit(address: string, at: number): boolean {
    if (at - minuteStartedAt >= 60_000 || beaconsByAddress.size >= MAX_TRACKED_ADDRESSES) {
      minuteStartedAt = at;
      beaconsByAddress = new Map();
    }
    const count = (beaconsByAddress.get(address) ?? 0) + 1;
    beaconsByAddress.set(address, count);
    return count <= BEACONS_PER_ADDRESS_PER_MINUTE;
  }

  function finish(res: ServerResponse, status = 204) {
    res.statusCode = status;
    res.setHeader("Cache-Control", "no-store");
    if (status !== 204) res.setHeader("Connection", "close");
    res.end();
  }

  /** Answers POST /api/event; false for any other request (Express takes it). */
  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "";
    if (url !== BEACON_PATH && !url.startsWith(`${BEACON_PATH}?`)) return false;
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      finish(res, 405);
      return true;
    }
    counters.received += 1;
    const declared = Number(header(req, "content-length"));
    if (Number.isFinite(declared) && declared > MAX_BEACON_BYTES) {
      counters.refused += 1;
      finish(res, 413);
      req.destroy();
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MAX_BEACON_BYTES) {
        over = true;
        counters.refused += 1;
        finish(res, 413);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) return;
      finish(res);
      try {
        accept(req, Buffer.concat(chunks));
      } catch (error) {
        logger.warn({ err: error }, "Could not take an analytics beacon");
      }
    });
    req.on("error", () => {
      if (!res.headersSent) finish(res);
    });
    return true;
  }

  function accept(req: IncomingMessage, body: Buffer) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      counters.refused += 1;
      return;
    }
    const event = parseBeacon(parsed);
    if (!event) {
      counters.refused += 1;
      return;
    }
    const userAgent = header(req, "user-agent") ?? "";
    const cookie = header(req, "cookie");
    const reason = skipReason(
      {
        purpose: header(req, "purpose"),
        secPurpose: header(req, "sec-purpose"),
        gpc: header(req, "sec-gpc"),
        dnt: header(req, "dnt"),
        // A session cookie means someone of the team (only allow-listed people sign in).
        signedIn: !!cookie && hasPrivateCookie(cookie) && /better-auth\./.test(cookie),
      },
      agentFacts(userAgent).bot,
    );
    if (reason) {
      counters.skipped += 1;
      return;
    }
    const address = options.clientAddress(req);
    const at = now();
    if (!withinLimit(address, at.getTime())) {
      counters.limited += 1;
      return;
    }
    const host = (options.requestedHost(req) ?? "").toLowerCase();
    const day = dayOf(at);
    // The address lives only in this closure until the hash is made.
    void saltOf(day).then(
      (salt) => enqueue(rowOf(event, visitorHash(salt, address, userAgent, host), userAgent, at)),
      (error: unknown) =>
        logger.warn({ err: error }, "No analytics salt: a beacon was not counted"),
    );
  }

  function rowOf(event: BeaconEvent, visitor: string, userAgent: string, at: Date): AnalyticsRow {
    const { source, campaign } =
      event.kind === "pageview"
        ? visitSource(event.query, event.referrer, options.ownHosts)
        : { source: "", campaign: "" };
    const { device, browser } = agentFacts(userAgent);
    return {
      occurredAt: at,
      kind: event.kind,
      visitor,
      path: event.path,
      source,
      campaign,
      device,
      browser,
      subject: event.subject,
      outcome: event.outcome,
      variant: event.variant,
    };
  }

  function enqueue(row: AnalyticsRow) {
    if (buffer.length >= MAX_BUFFERED_EVENTS) {
      dropped += 1;
      return;
    }
    counters.counted += 1;
    buffer.push(row);
  }

  let flushing: Promise<void> | null = null;
  /**
   * Writes what waits, WRITE_BATCH rows per insert, letting the server answer requests
   * between inserts: on PGlite an insert runs in this thread, and a second's crowd
   * written at once held every kept page back for a few hundred milliseconds.
   */
  async function flush(): Promise<void> {
    if (flushing) return flushing;
    flushing = (async () => {
      while (buffer.length > 0) {
        const rows = buffer;
        buffer = [];
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          if (i > 0) await new Promise((resolve) => setImmediate(resolve));
          try {
            await insertEvents(options.db, rows.slice(i, i + WRITE_BATCH));
          } catch (error) {
            logger.error({ err: error, rows: rows.length - i }, "Could not write analytics events");
            break;
          }
        }
      }
      if (dropped > 0) {
        logger.warn({ dropped }, "Analytics events dropped: the write buffer was full");
        dropped = 0;
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? FLUSH_EVERY_MS);
  timer.unref();

  return {
    handle,
    flush,
    counters,
    /** Stops the timer and writes what waits. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type AnalyticsIntake = ReturnType<typeof createAnalyticsIntake>;

/** With the analytics off (ANALYTICS=off), the pages' beacons still get their 204. */
export function dropBeacon(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "";
  if (url !== BEACON_PATH && !url.startsWith(`${BEACON_PATH}?`)) return false;
  res.statusCode = 204;
  res.setHeader("Connection", "close");
  res.end();
  req.destroy();
  return true;
}

/** Kinds recorded by the server itself (never accepted from a beacon). */
export type ServerEventKind = Extract<
  EventKind,
  "checkout_started" | "purchase" | "newsletter_signup"
>;
