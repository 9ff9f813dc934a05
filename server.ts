/**
 * The HTTP server: security headers, compression, health checks, static files and
 * the React Router request handler. `tsx server.ts --dev` runs Vite in middleware
 * mode; NODE_ENV=production serves the built app from ./build, and runs compiled itself
 * (`npm run build` makes build/server.js of this file: no TypeScript compiler at run time).
 */
import crypto from "node:crypto";
import path from "node:path";
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import express, { type Request, type Response } from "express";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { EnvError, getEnv } from "./app/server/core/env.server";

let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const { logger } = await import("./app/server/core/logger.server");
const { getDatabaseHandle, isDatabaseReady } = await import("./app/server/db/database.server");
const { prepareDatabase } = await import("./app/server/ops/bootstrap.server");
const { DataFolderInUse } = await import("./app/server/db/data-folder-lock.server");
const { startSiteChangeBus } = await import("./app/server/db/site-change-bus.server");
const { applySiteChange, publishSiteChangesWith } = await import("./app/server/core/cache.server");
const { PUBLIC_UPLOADS_URL_PREFIX } = await import("./app/server/media/storage.server");
const { createObjectStorage } = await import("./app/server/media/object-storage.server");
const { publicFilesHandler } = await import("./app/server/media/public-files.server");
const { startMailWorker, setMailConditionReader } = await import("./app/server/mail/mail.server");
const { readMailConditions } = await import("./app/server/ops/mail-conditions.server");
const { startStockHoldSweeper } = await import("./app/server/shop/stock.server");
const { startPreorderReleaser } = await import("./app/server/shop/preorders.server");
const { startRateLimitPruner } = await import("./app/server/db/rate-limit.server");
const { startUnconfirmedSignUpSweeper } = await import("./app/server/audience/newsletter.server");
const { startCampaignSender } = await import("./app/server/audience/campaign-sending.server");
const { renderCampaignForSending } = await import("./app/server/audience/campaigns.server");
const { installSnapshotHandler } = await import("./app/server/ops/backup.server");
const { downloadHandler, DOWNLOAD_PATH } = await import("./app/server/shop/downloads.server");
const { createUploadServer, UPLOAD_ENDPOINT } = await import("./app/server/media/uploads.server");
const { getAuth, AUTH_BASE_PATH, CLIENT_IP_HEADER } = await import("./app/server/auth/auth.server");
const { resolveAuthSecret, AuthSecretRequired } =
  await import("./app/server/auth/auth-secret.server");
const { originCheck } = await import("./app/server/http/origin-check.server");
const { limitRequestBodies } = await import("./app/server/http/body-limit.server");
const { shedLoad } = await import("./app/server/http/load-shedding.server");
const { precompressedAssets } = await import("./app/server/http/static-assets.server");
const { createContentSecurityPolicy, nonceSource } = await import("./app/server/http/csp.server");
const { createPageCache } = await import("./app/server/http/page-cache.server");
const { requestedHostWith, clientAddressWith } =
  await import("./app/server/http/requested-host.server");
const { createAnalyticsIntake, dropBeacon } = await import("./app/server/analytics/intake.server");
const { startAnalyticsRollup } = await import("./app/server/analytics/rollup.server");
const { megabytes } = await import("./app/domain/core/byte-lru");
const { createSecurityHeaders } = await import("./app/server/http/security-headers.server");
const { issueOwnerSetupLink } = await import("./app/server/auth/owner-setup.server");
const { toNodeHandler } = await import("better-auth/node");

const isDev = process.argv.includes("--dev") || env.NODE_ENV === "development";
// Before anything touches the database: a missing shared secret stops the start here.
let authSecret: ReturnType<typeof resolveAuthSecret>;
try {
  authSecret = resolveAuthSecret(env);
} catch (error) {
  if (!(error instanceof AuthSecretRequired)) throw error;
  console.error(error.message);
  process.exit(1);
}
let database: ReturnType<typeof getDatabaseHandle>;
try {
  database = getDatabaseHandle();
} catch (error) {
  if (!(error instanceof DataFolderInUse)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Files live in DATA_DIR, or with S3_* set in a bucket every instance shares (decision 022).
const storage = createObjectStorage(env);
try {
  await storage.prepare();
} catch (error) {
  console.error(
    `The file storage at ${storage.location} is not usable: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
// Before the demo seed makes its images: sharp's cache stays within its bound from the start.
const { limitImageCache } = await import("./app/server/media/images.server");
limitImageCache(env.IMAGE_CACHE_MAX_MB);
await prepareDatabase(database, env, storage);
// A queued mail whose links no longer work is dropped just before it leaves.
setMailConditionReader(readMailConditions);
const stopMailWorker = startMailWorker(database.db);
// Checkout holds on tracked stock end after their time even when nobody comes back.
const stopStockHoldSweeper = startStockHoldSweeper(database.db);
// Pre-orders whose release day has come get their files, once, on one instance (issue 24).
const stopPreorderReleaser = startPreorderReleaser(database.db);
// Several instances on one PostgreSQL: a save here drops the caches of all (issue 13).
const siteChangeBus =
  env.DATABASE_URL && database.kind === "postgres"
    ? startSiteChangeBus({ connectionString: env.DATABASE_URL, apply: applySiteChange })
    : null;
if (siteChangeBus) publishSiteChangesWith(siteChangeBus.publish);
const stopRateLimitPruner = startRateLimitPruner(database.db);
// Newsletter sign-ups never confirmed go after the link's 7 days (issue 22).
const stopUnconfirmedSignUpSweeper = startUnconfirmedSignUpSweeper(database.db);
// Newsletter campaigns: every instance sends (claimed rows, never twice) and starts due
// schedules under a job lock (issue 22, docs/decisions/037). Without SMTP_URL it idles.
const stopCampaignSender = startCampaignSender(database.db, { render: renderCampaignForSending });
// Embedded database: `npm run backup` asks this process for a snapshot (SIGUSR2).
const stopSnapshotHandler =
  database.kind === "pglite"
    ? installSnapshotHandler({ db: database.db, dataDir: env.DATA_DIR, log: logger })
    : () => {};
// Admin uploads (tus); unfinished ones and their kept answers go after a day.
const uploadServer = createUploadServer({
  db: database.db,
  dataDir: env.DATA_DIR,
  storage,
  s3: env.s3,
});
const stopUploadCleanup = uploadServer.startCleanup();

if (authSecret.source === "generated") {
  logger.info({ file: authSecret.file }, "Generated the auth secret (BETTER_AUTH_SECRET is unset)");
}
const auth = getAuth();

const app = express();
app.disable("x-powered-by");
// A hop count or the proxies' addresses (env.server.ts refuses "true"): req.ip is then
// the address the nearest trusted proxy saw, never an entry the client wrote.
app.set("trust proxy", env.TRUST_PROXY);

const paypalOrigins = [
  new URL(env.PAYPAL_SDK_URL).origin,
  "https://www.paypal.com",
  "https://www.sandbox.paypal.com",
];
const contentSecurityPolicy = isDev ? null : createContentSecurityPolicy({ paypalOrigins });
const securityHeaders = createSecurityHeaders({ https: env.SITE_URL.startsWith("https://") });

const logsRequests = logger.isLevelEnabled("info");
function logRequest(method: string | undefined, path: string, status: number, started: bigint) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  logger.info({ method, path, status, ms: Math.round(ms * 10) / 10 }, "request");
}

const productionBuild = isDev
  ? null
  : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);
// Public pages the same for everyone come from memory (docs/decisions/019).
const renderAnonymously = productionBuild
  ? createFetchHandler(productionBuild, "production")
  : null;
const pageCache =
  renderAnonymously && env.PAGE_CACHE
    ? createPageCache({
        render: (url) =>
          renderAnonymously(new Request(url, { headers: { accept: "text/html" } }), {
            cspNonce: undefined,
            clientAddress: "",
            wholeDocument: true,
          }),
        contentSecurityPolicy,
        siteUrl: env.SITE_URL,
        productionHost: env.SITE_PRODUCTION_HOST,
        timeZone: env.SITE_TIME_ZONE,
        commonHeaders: securityHeaders.headers,
        maxBytes: megabytes(env.PAGE_CACHE_MAX_MB),
        requestedHost: requestedHostWith(app.get("trust proxy fn")),
      })
    : null;

// Cookieless analytics (issue 25): the beacon is answered here too, ahead of Express,
// and its events are written in batches; the totals are rolled up by one instance.
const analytics = env.ANALYTICS
  ? createAnalyticsIntake({
      db: database.db,
      timeZone: env.SITE_TIME_ZONE,
      ownHosts: [new URL(env.SITE_URL).hostname, env.SITE_PRODUCTION_HOST ?? ""].filter(Boolean),
      clientAddress: clientAddressWith(app.get("trust proxy fn")),
      requestedHost: requestedHostWith(app.get("trust proxy fn")),
    })
  : null;
const stopAnalyticsRollup = env.ANALYTICS
  ? startAnalyticsRollup(database.db, {
      timeZone: env.SITE_TIME_ZONE,
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
      everyMs: env.ANALYTICS_ROLLUP_SECONDS * 1000,
    })
  : () => {};

/**
 * Node's request listener. A kept page is answered here, before Express: under a crowd
 * nearly every request is one, and Express's router and the layers below it (nonce,
 * compression, the security headers' middleware) only cost it (issue 28).
 */
function answerRequest(req: IncomingMessage, res: ServerResponse) {
  // Beacons are not logged: a line per page view would only repeat the page's own.
  if (analytics ? analytics.handle(req, res) : dropBeacon(req, res)) return;
  if (pageCache) {
    const started = logsRequests ? process.hrtime.bigint() : 0n;
    let answered = false;
    try {
      answered = pageCache.serveKept(req, res);
    } catch (error) {
      logger.error({ err: error }, "Could not answer a kept page");
      if (res.headersSent) return void res.destroy();
    }
    if (answered) {
      if (logsRequests) logRequest(req.method, req.url ?? "", res.statusCode, started);
      return;
    }
  }
  app(req, res);
}

// The client address, as Express sees it (X-Forwarded-For only with TRUST_PROXY),
// for Better Auth's rate limits. Overwritten on every request: never the client's say.
app.use((req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
});

// A fresh nonce per request lets React Router's inline scripts run under a strict CSP.
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(compression());

// Built scripts, styles and fonts: served ahead of the page middleware, with only the
// headers a static file needs. The documents' security headers (CSP and the rest, about
// 1 KB) would otherwise ride on each of the dozens of small script files a page loads.
const clientDir = path.resolve("build/client");
if (!isDev) {
  const setHeaders = (res: Response) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  };
  // Hashed build assets never change; browsers get the brotli or gzip copy made at build.
  const assetsDir = path.join(clientDir, "assets");
  app.use("/assets", precompressedAssets(assetsDir, { immutable: true, maxAge: "1y", setHeaders }));
  app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", setHeaders }));
  app.use("/fonts", express.static(path.join(clientDir, "fonts"), { maxAge: "30d", setHeaders }));
}

// Scripts: a nonce per response here; a cached page swaps in its scripts' hashes.
if (contentSecurityPolicy) {
  app.use((_req, res, next) => {
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy([nonceSource(res.locals.cspNonce as string)]),
    );
    next();
  });
}
app.use(securityHeaders.middleware);

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});
app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  const [databaseReady, storageReady] = await Promise.all([
    isDatabaseReady(database.db),
    storage.isReady(),
  ]);
  const report = {
    database: databaseReady ? "ready" : "unavailable",
    storage: storageReady ? "ready" : "unavailable",
  };
  if (databaseReady && storageReady) {
    res.json({ status: "ready", ...report, databaseKind: database.kind });
  } else {
    res
      .status(503)
      .set("Retry-After", "5")
      .json({ status: "unavailable", ...report });
  }
});

// Request log, one line per request (kept pages log theirs where they are answered).
app.use((req, res, next) => {
  if (!logsRequests) return next();
  const started = process.hrtime.bigint();
  res.on("finish", () => logRequest(req.method, req.path, res.statusCode, started));
  next();
});

// Every state-changing request must come from the site's own pages.
app.use(
  originCheck({
    siteUrl: env.SITE_URL,
    onRefused: (info) => logger.warn(info, "Refused a cross-site request"),
  }),
);

// Private pages: never cached by a browser or proxy, never indexed.
app.use((req, res, next) => {
  if (/^\/(admin|auth|api\/auth)(\/|\.data|$)/.test(req.path)) {
    res.set("Cache-Control", "no-store");
    res.set("X-Robots-Tag", "noindex, nofollow");
  }
  next();
});

// One cap on every request body, before anything reads one (uploads have their own).
app.use(limitRequestBodies({ skip: (req) => req.path.startsWith(UPLOAD_ENDPOINT) }));

// Better Auth reads its own request bodies: mounted before any body parser.
app.all(`${AUTH_BASE_PATH}/*splat`, toNodeHandler(auth));
// Resumable admin uploads (tus) stream their bodies to disk: before any body parser too.
// Signed-in, allow-listed users only; files land under uploads/ or private/ of the storage.
app.use(UPLOAD_ENDPOINT, uploadServer.handler);

// Public media, from DATA_DIR/uploads or streamed from the bucket.
app.use(PUBLIC_UPLOADS_URL_PREFIX, publicFilesHandler(storage));

// Responsive image variants (AVIF/WebP at several widths), made on first request from the
// storage's uploads or the build's images, kept in the bucket and in this instance's cache.
const { imageVariantMiddleware, imageVariantCacheDir, startImageVariantCachePruner } =
  await import("./app/server/media/images.server");
const { VARIANT_URL_PREFIX } = await import("./app/domain/media/image-variants");
const imageVariantOptions = {
  storage,
  staticImagesDir: path.resolve(isDev ? "public" : "build/client", "images"),
  cacheDir: imageVariantCacheDir(env),
};
app.use(VARIANT_URL_PREFIX, imageVariantMiddleware(imageVariantOptions));
// Variants of deleted or replaced images are removed now and then, by one instance at a time.
const stopImageVariantCachePruner = startImageVariantCachePruner({
  ...imageVariantOptions,
  db: database.db,
});

// Purchased files, from private/ of the storage (never under /uploads). A link that no
// longer works falls through to the page at the same address, which says why.
app.get(`${DOWNLOAD_PATH}/:token`, downloadHandler(database.db, storage));

const getLoadContext = (req: Request, res: Response) => ({
  cspNonce: res.locals.cspNonce as string,
  clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
});

if (isDev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  app.use(async (req, res, next) => {
    try {
      const build = (await viteServer.ssrLoadModule(
        "virtual:react-router/server-build",
      )) as ServerBuild;
      return createRequestHandler({ build, getLoadContext })(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else if (productionBuild) {
  // The build's own files (favicon, default images): only a path that names a file can
  // be one, so a page request skips the disk lookup and serve-static's miss.
  const clientFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? clientFiles(req, res, next) : next()));
  if (pageCache) app.use(pageCache.middleware);
  // Past a bounded number of renders in flight: 503 with Retry-After, never a queue.
  app.use(shedLoad());
  app.use(createRequestHandler({ build: productionBuild, getLoadContext }));
}

const server: Server = http.createServer(answerRequest).listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    { port, database: database.kind, mode: isDev ? "development" : "production" },
    `Listening on http://localhost:${port}`,
  );
  void announceOwnerSetup();
});

/** While ADMIN_EMAIL has no account, say how to make one (docs/decisions/003). */
async function announceOwnerSetup() {
  try {
    const link = await issueOwnerSetupLink(database.db, {
      adminEmail: env.ADMIN_EMAIL,
      siteUrl: env.SITE_URL,
    });
    if (!link) {
      logger.info({ adminEmail: env.ADMIN_EMAIL }, `Sign in at ${env.SITE_URL}/auth`);
      return;
    }
    logger.warn(
      { adminEmail: env.ADMIN_EMAIL, expiresAt: link.expiresAt.toISOString() },
      `First sign-in: open ${link.url} to choose the password for ${env.ADMIN_EMAIL} (single use, valid 24 hours; every restart prints a new link until the owner account exists)`,
    );
  } catch (error) {
    logger.error({ err: error }, "Could not issue the owner set-up link");
  }
}

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "Shutting down");
  const force = setTimeout(() => {
    logger.error("Forced exit after 10 s");
    process.exit(1);
  }, 10_000);
  force.unref();
  stopMailWorker();
  stopStockHoldSweeper();
  stopPreorderReleaser();
  stopRateLimitPruner();
  stopUnconfirmedSignUpSweeper();
  // Finishes the mails in hand (marked sent), claims no more.
  const campaignSenderStopped = stopCampaignSender();
  stopSnapshotHandler();
  stopUploadCleanup();
  stopImageVariantCachePruner();
  stopAnalyticsRollup();
  publishSiteChangesWith(null);
  server.close(async () => {
    try {
      await analytics?.stop();
      await siteChangeBus?.stop();
      await campaignSenderStopped;
      await database.close();
    } finally {
      logger.info("Stopped");
      process.exit(0);
    }
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
