import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestedHostWith, type TrustProxy } from "./requested-host.server";

/** Each "trust proxy" setting the site's TRUST_PROXY allows, against Express's own answer. */
describe.each([false, 1, "loopback", "10.0.0.1"])(
  "the requested host, trust proxy %s",
  (setting) => {
    let server: http.Server;
    let port = 0;
    const seen: { express: string | undefined; ours: string | undefined }[] = [];

    beforeAll(async () => {
      const app = express();
      app.set("trust proxy", setting);
      const requestedHost = requestedHostWith(app.get("trust proxy fn") as TrustProxy);
      app.use((req, res) => {
        seen.push({ express: req.host, ours: requestedHost(req) });
        res.end();
      });
      server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    const ask = (headers: http.OutgoingHttpHeaders) =>
      new Promise<void>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", headers }, (response) => {
            response.resume();
            response.on("end", resolve);
          })
          .on("error", reject);
      });

    it.each([
      { host: "jazz.example" },
      { host: "jazz.example:8080" },
      { host: "jazz.example", "x-forwarded-host": "www.jazz.example" },
      { host: "jazz.example", "x-forwarded-host": "www.jazz.example:443, proxy.internal" },
      { host: "[::1]:3000", "x-forwarded-host": "" },
    ])("says what Express says for %o", async (headers) => {
      seen.length = 0;
      await ask(headers);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.ours).toBe(seen[0]!.express);
    });
  },
);
