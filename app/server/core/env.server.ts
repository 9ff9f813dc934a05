import net from "node:net";
import { z } from "~/domain/core/zod";
import { DEFAULT_SITE_TIME_ZONE, isValidTimeZone } from "~/domain/core/time-zone";
import { PAGE_CACHE_DEFAULT_MAX_MB } from "~/domain/pages/page-cache";
import { DEFAULT_NEWSLETTER_RATE_PER_SECOND } from "~/domain/audience/letters/campaign";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes" || v === "on");

/** A memory bound in megabytes (issue 29): 0 or more, fractions allowed; unset or empty: the default. */
const megabytesSetting = (defaultMb: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: "must be a number of megabytes" })
      .min(0, "must be 0 or more megabytes")
      .default(defaultMb),
  );

const IMAGE_CACHE_DEFAULT_MAX_MB = 8;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * Express's "trust proxy": off, how many proxies stand in front (hops, counted from the
 * right of X-Forwarded-For), or the proxies' own addresses. Never "trust every entry":
 * the left-most entries are whatever the client wrote.
 */
export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address, prefix, ...rest] = value.split("/");
  const version = net.isIP(address ?? "");
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

export const TRUST_PROXY_HELP =
  "must be false, the number of proxies in front of the app (e.g. 1), or the proxies' addresses: loopback, linklocal, uniquelocal, IPs or CIDR ranges, comma-separated";

const trustProxy = z
  .string()
  .trim()
  .transform((raw, ctx): TrustProxy => {
    const value = raw.toLowerCase();
    if (["", "false", "0", "no"].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === "true" || value === "yes") {
      ctx.addIssue({
        code: "custom",
        message: `"${raw}" would trust any X-Forwarded-For a client sends, so per-address limits could be escaped; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isAddressOrRange)) {
      ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    SITE_URL: optionalText.pipe(z.url().optional()),
    SITE_PRODUCTION_HOST: optionalText,
    /** The zone whose calendar day decides which events are upcoming (docs/decisions/008). */
    SITE_TIME_ZONE: optionalText
      .pipe(
        z
          .string()
          .refine(isValidTimeZone, "must be an IANA time zone such as Europe/Berlin")
          .optional(),
      )
      .transform((v) => v ?? DEFAULT_SITE_TIME_ZONE),
    /**
     * The artist's home country (ISO 3166-1 alpha-2), listed first in the cart's "Ship
     * to" select; unset: the list is alphabetical only (docs/decisions/039).
     */
    SHOP_HOME_COUNTRY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code such as US")
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    ADMIN_EMAIL: z
      .email()
      .default("owner@example.com")
      .transform((v) => v.toLowerCase()),
    BETTER_AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Silas Lowenthorne <no-reply@localhost>"),
    /** Newsletter mails per second per campaign across all instances (issue 22); 0: no limit. */
    NEWSLETTER_RATE: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce
        .number({ error: "must be a number of mails per second (0: no limit)" })
        .min(0, "must be 0 (no limit) or more mails per second")
        .default(DEFAULT_NEWSLETTER_RATE_PER_SECOND),
    ),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_WEBHOOK_ID: optionalText,
    PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
    PAYPAL_SDK_URL: z.url().default("https://www.paypal.com/sdk/js"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    SEED_DEMO_CONTENT: flag.default(true),
    /** The rendered-page cache of public pages (docs/decisions/019); "off" renders every request. */
    PAGE_CACHE: flag.default(true),
    /** Megabytes the rendered-page cache may hold, every page in all its encodings. */
    PAGE_CACHE_MAX_MB: megabytesSetting(PAGE_CACHE_DEFAULT_MAX_MB),
    /**
     * Megabytes of decoded images sharp (libvips) may keep between encodes. Variants are
     * kept on disk once made, so this cache only helps several widths of one new image.
     */
    IMAGE_CACHE_MAX_MB: megabytesSetting(IMAGE_CACHE_DEFAULT_MAX_MB),
    TRUST_PROXY: trustProxy.default(false),
    /** Days the analytics keep raw events (issue 25); the daily totals are kept for good. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(3).max(3660).default(30),
    /** How often the analytics totals are brought up to date. */
    ANALYTICS_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** "off": no counting at all (the pages' beacons are answered and dropped). */
    ANALYTICS: flag.default(true),
    /** S3-compatible object storage (docs/decisions/022); without it, files live in DATA_DIR. */
    S3_ENDPOINT: optionalText.pipe(z.url().optional()),
    S3_REGION: optionalText.transform((v) => v ?? "us-east-1"),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag.default(false),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (!env.S3_ENDPOINT && s3.every((v) => v === undefined)) return;
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (env[name] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "is required when object storage is configured (any S3_ variable is set)",
        });
      }
    }
  })
  .transform((env) => ({
    ...env,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : null,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    isProduction: env.NODE_ENV === "production",
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment once; a bad value fails start-up with one line per problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  return result.data;
}

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };

export function getEnv(): Env {
  globalEnv.__appEnv ??= parseEnv(process.env);
  return globalEnv.__appEnv;
}
