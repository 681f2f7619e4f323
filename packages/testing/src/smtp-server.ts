/**
 * A real SMTP server on the loopback interface that keeps every message it receives, parsed,
 * so that tests can read the mail an app sends (sign-in links, codes).
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the server accepted. */
export interface ReceivedMail {
  /** Envelope sender (`MAIL FROM`), or `""` for a null sender. */
  from: string;
  /** Envelope recipients (`RCPT TO`), the addresses the message was delivered to. */
  to: string[];
  /** The `From` header's addresses. */
  headerFrom: string[];
  /** The `To` header's addresses (may differ from the envelope, e.g. with Bcc). */
  headerTo: string[];
  subject: string;
  /** Plain-text body, `""` when the message has none. */
  text: string;
  /** HTML body, `""` when the message has none. */
  html: string;
  /** Every http(s) URL found in the text and HTML bodies, in order, without duplicates. */
  urls: string[];
  /** Headers, lower-case names. */
  headers: Map<string, unknown>;
  /** The message as received. */
  raw: string;
  /** The user name of `AUTH`, when the client authenticated. */
  user: string | undefined;
}

/** Options of {@link SmtpTestServer.waitForMail}. */
export interface WaitForMailOptions {
  /** Only a message with this envelope recipient (case-insensitive). */
  to?: string;
  /** Rejects after this long; default 5000. */
  timeoutMs?: number;
}

/** A running server, from {@link startSmtpServer}. */
export interface SmtpTestServer {
  readonly host: string;
  readonly port: number;
  /** `smtp://127.0.0.1:<port>`, usable as a nodemailer transport. */
  readonly url: string;
  /** Every message received, oldest first. */
  readonly messages: readonly ReceivedMail[];
  /**
   * The oldest message not yet returned by this method that matches, waiting for one to arrive.
   * Each message is returned at most once, so consecutive calls see consecutive mails.
   */
  waitForMail(options?: WaitForMailOptions): Promise<ReceivedMail>;
  /** Forgets all messages. */
  clear(): void;
  /** Stops the server. */
  close(): Promise<void>;
}

/** Options of {@link startSmtpServer}. */
export interface SmtpServerOptions {
  host?: string;
  /** Default a random free port. */
  port?: number;
}

/**
 * Starts an SMTP server on `127.0.0.1` and a random port: no TLS (STARTTLS disabled),
 * authentication optional and any credentials accepted.
 *
 * @example
 * ```ts
 * const smtp = await startSmtpServer();
 * // configure the app with server: smtp.url, then trigger an email sign-in…
 * const mail = await smtp.waitForMail({ to: "user@example.com" });
 * const link = mail.urls.find((url) => url.includes("/callback/email"));
 * await smtp.close();
 * ```
 */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<SmtpTestServer> {
  const host = options.host ?? "127.0.0.1";
  const messages: ReceivedMail[] = [];
  const taken = new WeakSet<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const envelope = session.envelope;
        const from = envelope.mailFrom === false ? "" : envelope.mailFrom.address;
        const to = envelope.rcptTo.map((r) => r.address);
        const user = typeof session.user === "string" ? session.user : undefined;
        parse(raw, from, to, user).then(
          (mail) => {
            messages.push(mail);
            for (const wake of waiters) wake();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Errors after start (a client dropping the connection) are not the test's concern.
  server.on("error", () => {});
  const port = (server.server.address() as AddressInfo).port;

  const waitForMail = ({ to, timeoutMs = 5000 }: WaitForMailOptions = {}) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const wanted = to?.toLowerCase();
      const check = () => {
        const mail = messages.find((m) => !taken.has(m) && (!wanted || m.to.some((r) => r.toLowerCase() === wanted)));
        if (!mail) return false;
        taken.add(mail);
        finish();
        resolve(mail);
        return true;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no mail${to ? ` to ${to}` : ""} within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      if (!check()) waiters.add(check);
    });

  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    messages,
    waitForMail,
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function parse(raw: Buffer, from: string, to: string[], user: string | undefined): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const text = parsed.text ?? "";
  const html = typeof parsed.html === "string" ? parsed.html : "";
  return {
    from,
    to,
    headerFrom: addresses(parsed.from),
    headerTo: addresses(parsed.to),
    subject: parsed.subject ?? "",
    text,
    html,
    urls: findUrls(`${text}\n${html}`),
    headers: parsed.headers,
    raw: raw.toString("utf8"),
    user,
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field]).flatMap((f) => f.value.flatMap((a) => (a.address ? [a.address] : [])));
}

/** http(s) URLs in `text`, HTML entities `&amp;` undone, in order of appearance, each once. */
function findUrls(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((url) => url.replaceAll("&amp;", "&").replace(/[).,;]+$/, "")))];
}
