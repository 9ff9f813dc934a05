import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { canListen, freePort } from "./free-port.server";

describe("freePort", () => {
  it("gives a port a server can listen on, below the system's own port choices", async () => {
    const port = await freePort();
    expect(await canListen(port)).toBe(true);
    // The system's pick for port 0 comes from its own range, never from ours.
    const picked = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const chosen = (server.address() as { port: number }).port;
        server.close(() => resolve(chosen));
      });
    });
    expect(port).toBeLessThan(picked);
    expect(port).toBeGreaterThanOrEqual(10_000);
  });

  it("says a port that is taken is taken", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const taken = (server.address() as { port: number }).port;
    expect(await canListen(taken)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
  });
});
