import { createServer } from "node:net";

/**
 * A port on 127.0.0.1 that nothing listens on right now, for a server a test or a bench
 * starts (the system picks it; the probe is closed before the port is handed out).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("No free port found."))));
    });
  });
}
