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
