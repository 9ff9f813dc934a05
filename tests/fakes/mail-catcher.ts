/**
 * An SMTP server that keeps every message it is given, for browser tests that need
 * what the site mailed (download links). The app delivers to it over real SMTP through
 * its outbox; tests read the messages over HTTP, since they run in another process:
 *   GET /messages?to=<address>  →  [{ to, subject, text }]  (text: the decoded source)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  /** The whole message source with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface MailCatcher {
  smtpUrl: string;
  /** Where tests read the messages. */
  url: string;
  messages: CaughtMail[];
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
  return source.slice(0, end) + decodeQuotedPrintable(source.slice(end));
}

/** "=?UTF-8?Q?Your_download_links_=E2=80=93_order?=" → "Your download links – order" */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const source = Buffer.concat(chunks).toString("latin1");
        const headerEnd = source.search(/\r?\n\r?\n/);
        const headers = source.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeHeader(subject),
          text: decodeBodyOnly(source),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/messages") {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
    messages,
    close: async () => {
      web.closeAllConnections();
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
