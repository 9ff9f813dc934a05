import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_SECRET_FILE, AuthSecretRequired, resolveAuthSecret } from "./auth-secret.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("resolveAuthSecret", () => {
  it("uses BETTER_AUTH_SECRET when set, and writes nothing", () => {
    const dir = tempDir();
    const secret = "s".repeat(40);
    expect(resolveAuthSecret({ BETTER_AUTH_SECRET: secret, DATA_DIR: dir })).toEqual({
      secret,
      source: "env",
    });
    expect(fs.existsSync(path.join(dir, AUTH_SECRET_FILE))).toBe(false);
  });

  it("generates a random secret once, readable only by the owner, and keeps it", () => {
    const dir = path.join(tempDir(), "nested");
    const first = resolveAuthSecret({ BETTER_AUTH_SECRET: undefined, DATA_DIR: dir });
    expect(first.source).toBe("generated");
    expect(first.secret.length).toBeGreaterThanOrEqual(64);
    const file = path.join(dir, AUTH_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = resolveAuthSecret({ BETTER_AUTH_SECRET: undefined, DATA_DIR: dir });
    expect(second).toMatchObject({ source: "file", secret: first.secret });

    const elsewhere = resolveAuthSecret({ BETTER_AUTH_SECRET: undefined, DATA_DIR: tempDir() });
    expect(elsewhere.secret).not.toBe(first.secret);
  });

  it("refuses a file too short to be a secret", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, AUTH_SECRET_FILE), "short\n");
    expect(() => resolveAuthSecret({ BETTER_AUTH_SECRET: undefined, DATA_DIR: dir })).toThrow(
      /fewer than 32/,
    );
  });

  it("requires BETTER_AUTH_SECRET with DATABASE_URL, and writes no file of its own", () => {
    const dir = tempDir();
    const shared = {
      BETTER_AUTH_SECRET: undefined,
      DATA_DIR: dir,
      DATABASE_URL: "postgres://db/site",
    };
    expect(() => resolveAuthSecret(shared)).toThrow(AuthSecretRequired);
    expect(() => resolveAuthSecret(shared)).toThrow(/same secret/);
    expect(fs.existsSync(path.join(dir, AUTH_SECRET_FILE))).toBe(false);
    const secret = "s".repeat(40);
    expect(resolveAuthSecret({ ...shared, BETTER_AUTH_SECRET: secret }).secret).toBe(secret);
  });
});
