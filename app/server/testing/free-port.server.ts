import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** Whether something can listen on 127.0.0.1:`port` right now (the probe is closed again). */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Where the system's own port choices begin (port 0, outgoing connections). */
function ephemeralRangeStart(): number {
  try {
    const [start] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768; // Linux's default; other systems start higher
  }
}

/** The lowest port handed out here: above the well-known services. */
const LOWEST = 10_000;

/**
 * A port on 127.0.0.1 that nothing listens on right now, for a server a test or a bench
 * starts. It is taken at random below the range the system picks from for port 0 and
 * for outgoing connections: a port the system had handed out (and the probe had freed)
 * could be given again at once to a test's SMTP catcher or to a connection, and the
 * server then failed to start with EADDRINUSE (a CI run went red so).
 */
export async function freePort(): Promise<number> {
  const below = ephemeralRangeStart();
  for (let attempt = 0; below - LOWEST > 1_000 && attempt < 50; attempt++) {
    const port = randomInt(LOWEST, below);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port found from ${LOWEST} to ${below - 1}.`);
}
