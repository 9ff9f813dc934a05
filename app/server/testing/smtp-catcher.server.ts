/**
 * A real SMTP server in the test process (npm `smtp-server`) that keeps every
 * message it receives. Integration tests read `messages` or `waitFor`; browser tests,
 * which run in other processes than the catcher, read the JSON files it writes to
 * `dir` (one per message, in arrival order) with `readCaughtMail`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  /** Decoded (RFC 2047 encoded words undone). */
  subject: string;
  /** The message source: headers as sent, the body with quoted-printable undone. */
  body: string;
}

export interface SmtpCatcher {
  port: number;
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first message to this address (already received or still to come). */
  waitFor(to: string, options?: { timeoutMs?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** Undoes quoted-printable (soft line breaks, =XX escapes) so links read whole. */
export function decodeQuotedPrintable(source: string): string {
  const bytes = Buffer.from(
    source
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

/**
 * Headers are never quoted-printable: decoding them too would turn "?token=AB…" in a
 * List-Unsubscribe URL into a byte whenever a random token starts with two hex digits.
 */
function decodeBodyOnly(source: string): string {
  const split = /\r?\n\r?\n/.exec(source);
  if (!split) return source;
  const end = split.index + split[0].length;
  return (
    Buffer.from(source.slice(0, end), "latin1").toString("utf8") +
    decodeQuotedPrintable(source.slice(end))
  );
}

/** "=?UTF-8?Q?Your_download_links_=E2=80=93_order?=" → "Your download links – order" */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Every message a catcher wrote to `dir`, oldest first. */
export function readCaughtMail(dir: string): CaughtMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as CaughtMail);
}

export interface SmtpCatcherOptions {
  port?: number;
  host?: string;
  /** Also write each message to this directory as JSON, for other processes. */
  dir?: string;
  /**
   * The answer to a recipient address (RCPT TO), for tests of failures: a 4xx or 5xx
   * reply refuses it; null or undefined accepts it. Asked for every attempt.
   */
  answer?: (to: string) => { code: number; message: string } | null | undefined;
}

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const { port = 0, host = "127.0.0.1", dir, answer } = options;
  if (dir) mkdirSync(dir, { recursive: true });
  const messages: CaughtMail[] = [];
  const waiters: { to: string; resolve: (m: CaughtMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Do not wait long for idle clients when the test closes the server.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      const reply = answer?.(address.address.toLowerCase());
      if (!reply) return callback();
      const error = new Error(reply.message) as Error & { responseCode: number };
      error.responseCode = reply.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const source = Buffer.concat(chunks).toString("latin1");
        const headerEnd = source.search(/\r?\n\r?\n/);
        const headers = source.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeHeader(/^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? ""),
          body: decodeBodyOnly(source),
        };
        messages.push(mail);
        if (dir) {
          const name = `${String(messages.length).padStart(5, "0")}.json`;
          writeFileSync(path.join(dir, name), JSON.stringify(mail));
        }
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  // Answer without Nagle's delay: loopback tests and the benchmark measure the sender.
  server.server.on("connection", (socket: Socket) => socket.setNoDelay(true));

  return {
    port: actualPort,
    url: `smtp://${host}:${actualPort}`,
    messages,
    waitFor(to, { timeoutMs = 15_000 } = {}) {
      const address = to.toLowerCase();
      const existing = messages.find((m) => m.to.includes(address));
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const waiter = { to: address, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`No mail to ${address} arrived`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
