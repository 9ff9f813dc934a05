import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("environment", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO_CONTENT).toBe(true);
    expect(env.isProduction).toBe(false);
    expect(env.SITE_TIME_ZONE).toBe("America/New_York");
  });

  it("accepts an IANA time zone for the site and refuses anything else", () => {
    expect(parseEnv({ SITE_TIME_ZONE: "Europe/Berlin" }).SITE_TIME_ZONE).toBe("Europe/Berlin");
    expect(parseEnv({ SITE_TIME_ZONE: " " }).SITE_TIME_ZONE).toBe("America/New_York");
    expect(() => parseEnv({ SITE_TIME_ZONE: "Mars/Olympus" })).toThrow(/SITE_TIME_ZONE/);
  });

  it("keeps files in DATA_DIR unless a whole bucket configuration is given", () => {
    expect(parseEnv({}).s3).toBeNull();
    expect(parseEnv({ S3_ENDPOINT: "", S3_BUCKET: " " }).s3).toBeNull();
    expect(
      parseEnv({
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_BUCKET: "site-files",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "site-files",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    // Half a configuration is refused, naming what is missing.
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "b" })).toThrow(
      /S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => parseEnv({ S3_ENDPOINT: "not a url", S3_BUCKET: "b" })).toThrow(/S3_ENDPOINT/);
  });

  it("bounds the caches in megabytes, 8 each unless set, and refuses what is not a size", () => {
    expect(parseEnv({}).PAGE_CACHE_MAX_MB).toBe(8);
    expect(parseEnv({}).IMAGE_CACHE_MAX_MB).toBe(8);
    expect(parseEnv({ PAGE_CACHE_MAX_MB: " " }).PAGE_CACHE_MAX_MB).toBe(8);
    expect(parseEnv({ PAGE_CACHE_MAX_MB: "2.5" }).PAGE_CACHE_MAX_MB).toBe(2.5);
    expect(parseEnv({ IMAGE_CACHE_MAX_MB: "0" }).IMAGE_CACHE_MAX_MB).toBe(0);
    expect(() => parseEnv({ PAGE_CACHE_MAX_MB: "-1" })).toThrow(
      /PAGE_CACHE_MAX_MB: must be 0 or more megabytes/,
    );
    expect(() => parseEnv({ IMAGE_CACHE_MAX_MB: "lots" })).toThrow(
      /IMAGE_CACHE_MAX_MB: must be a number of megabytes/,
    );
  });

  it("sends newsletters at 10 mails per second unless NEWSLETTER_RATE says otherwise (0: no limit)", () => {
    expect(parseEnv({}).NEWSLETTER_RATE).toBe(10);
    expect(parseEnv({ NEWSLETTER_RATE: " " }).NEWSLETTER_RATE).toBe(10);
    expect(parseEnv({ NEWSLETTER_RATE: "0" }).NEWSLETTER_RATE).toBe(0);
    expect(parseEnv({ NEWSLETTER_RATE: "2.5" }).NEWSLETTER_RATE).toBe(2.5);
    expect(() => parseEnv({ NEWSLETTER_RATE: "-1" })).toThrow(/NEWSLETTER_RATE: must be 0/);
    expect(() => parseEnv({ NEWSLETTER_RATE: "fast" })).toThrow(
      /NEWSLETTER_RATE: must be a number/,
    );
  });

  it("treats empty values as unset and lower-cases the admin e-mail", () => {
    const env = parseEnv({
      DATABASE_URL: "",
      SMTP_URL: " ",
      ADMIN_EMAIL: "Owner@Example.COM",
      PORT: "8080",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBe("owner@example.com");
    expect(env.SITE_URL).toBe("http://localhost:8080");
  });

  it("fails with one clear line per bad setting", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", BETTER_AUTH_SECRET: "short" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres/);
    expect(message).toMatch(/BETTER_AUTH_SECRET: must be at least 32 characters/);
    expect(message).toMatch(/See \.env\.example/);
  });
});
