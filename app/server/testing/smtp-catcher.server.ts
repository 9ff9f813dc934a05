/**
 * A real SMTP server in the test process (npm `smtp-server`) that keeps every
 * message it receives. Integration and browser tests point SMTP_URL at it.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes undone. */
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

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SmtpCatcherOptions {
  port?: number;
  host?: string;
  /** Called with every message as it arrives (e.g. to hand it to another process). */
  onMail?: (mail: CaughtMail) => void;
}

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const { port = 0, host = "127.0.0.1", onMail } = options;
  const messages: CaughtMail[] = [];
  const waiters: { to: string; resolve: (m: CaughtMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Do not wait long for idle clients when the test closes the server.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const body = decodeQuotedPrintable(raw);
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "",
          body,
        };
        messages.push(mail);
        onMail?.(mail);
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
