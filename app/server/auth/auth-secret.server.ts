/**
 * The secret that signs session cookies and verification tokens. BETTER_AUTH_SECRET
 * wins; without it, one is generated with the OS's CSPRNG on first start and kept in
 * DATA_DIR/auth-secret (mode 0600), so `npm start` works on a fresh machine and
 * nothing about it is guessable. Several servers sharing one PostgreSQL database must
 * share BETTER_AUTH_SECRET instead, so with DATABASE_URL it is required: a secret made
 * on one instance's disk would sign sessions the others refuse.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../core/env.server";

export const AUTH_SECRET_FILE = "auth-secret";
const MIN_LENGTH = 32;

export interface ResolvedSecret {
  secret: string;
  source: "env" | "file" | "generated";
  file?: string;
}

export class AuthSecretRequired extends Error {
  constructor() {
    super(
      "BETTER_AUTH_SECRET is required when DATABASE_URL is set: every instance sharing the database must sign sessions with the same secret. Set it to a random string of at least 32 characters (for example: openssl rand -base64 48).",
    );
    this.name = "AuthSecretRequired";
  }
}

export function resolveAuthSecret(
  env: Pick<Env, "BETTER_AUTH_SECRET" | "DATA_DIR"> & Partial<Pick<Env, "DATABASE_URL">>,
): ResolvedSecret {
  if (env.BETTER_AUTH_SECRET) return { secret: env.BETTER_AUTH_SECRET, source: "env" };
  if (env.DATABASE_URL) throw new AuthSecretRequired();
  const dir = path.resolve(env.DATA_DIR);
  const file = path.join(dir, AUTH_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return { secret: existing, source: "file", file };

  fs.mkdirSync(dir, { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  try {
    // "wx": never overwrite a secret another process wrote a moment ago.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      const raced = readSecret(file);
      if (raced) return { secret: raced, source: "file", file };
    }
    throw error;
  }
  return { secret, source: "generated", file };
}

function readSecret(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (text.length < MIN_LENGTH) {
    throw new Error(
      `${file} holds fewer than ${MIN_LENGTH} characters; delete it to generate a new secret (this signs everyone out).`,
    );
  }
  return text;
}
