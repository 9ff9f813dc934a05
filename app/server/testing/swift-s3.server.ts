/**
 * A real S3 server for the tests: OpenStack Swift with its s3api layer, started by
 * scripts/swift-s3.sh in a folder of its own on free ports, one per test file that
 * needs it. It checks signatures and supports multipart with ListParts and Abort, which
 * in-memory fakes do not. When Swift is not installed the caller skips, saying why;
 * .ci/run installs it.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createS3Storage, type S3Config } from "../media/object-storage.server";
import { canListen } from "./free-port.server";

const SCRIPT = fileURLToPath(new URL("../../../scripts/swift-s3.sh", import.meta.url));

export function swiftInstalled(): boolean {
  return spawnSync("sh", ["-c", "command -v swift-proxy-server"]).status === 0;
}

/** For a test hook that starts Swift: the servers (up to a minute) and a first bucket (up to a minute more). */
export const SWIFT_START_TIMEOUT_MS = 180_000;

export const SWIFT_SKIP_REASON =
  "OpenStack Swift is not installed (.ci/run installs swift-proxy, swift-account, swift-container, swift-object)";

/** Four consecutive free ports: the S3 proxy and the object, container and account servers. */
async function freePortBlock(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below the system's own range, as freePort does (free-port.server.ts).
    const base = 20_000 + crypto.randomInt(0, 12_000);
    const all = await Promise.all([0, 1, 2, 3].map((offset) => canListen(base + offset)));
    if (all.every(Boolean)) return base;
  }
  throw new Error("No four free ports in a row for Swift");
}

export interface SwiftS3 {
  endpoint: string;
  /** A bucket of its own per call, so tests never see each other's objects. */
  config(bucket?: string): S3Config;
  stop(): void;
}

export async function startSwiftS3(): Promise<SwiftS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "swift-s3-"));
  const port = await freePortBlock();
  const started = spawnSync("bash", [SCRIPT, dir, String(port)], {
    encoding: "utf8",
    timeout: 120_000,
  });
  if (started.status !== 0) {
    throw new Error(`Swift did not start: ${started.stderr || started.stdout}`);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const swift: SwiftS3 = {
    endpoint,
    config: (bucket = `test-${crypto.randomBytes(5).toString("hex")}`) => ({
      endpoint,
      region: "us-east-1",
      bucket,
      accessKeyId: "test:tester",
      secretAccessKey: "testing",
      forcePathStyle: true,
    }),
    stop() {
      spawnSync("bash", [SCRIPT, "--stop", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await untilBucketsCanBeMade(swift);
  } catch (error) {
    swift.stop();
    throw error;
  }
  return swift;
}

/**
 * Even once every server answers, a first bucket can be refused with 503 ("Please
 * reduce your request rate") while the account is made on a busy machine. So a bucket
 * is made, up to a minute, before any test. (A CI run failed here when the proxy set the
 * still-starting servers aside for a minute; scripts/swift-s3.sh now tells it not to.)
 */
async function untilBucketsCanBeMade(swift: SwiftS3): Promise<void> {
  const probe = createS3Storage(swift.config("ready-probe"));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await probe.prepare();
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`Swift answered but made no bucket within a minute: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
