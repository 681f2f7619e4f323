/**
 * Email sign-in (magic links) sent over SMTP with Nodemailer. `nodemailer` is an optional peer
 * dependency, loaded only when a link is sent, so the rest of Latch keeps running where there is
 * no Node.js.
 *
 * @example
 * ```ts
 * import Nodemailer from "@latch/core/providers/nodemailer"
 * Nodemailer({
 *   server: process.env.EMAIL_SERVER, // "smtps://user:pass@smtp.example.com:465"
 *   from: "Example <no-reply@example.com>",
 * })
 * ```
 * @module providers/nodemailer
 */
import { sendSignInEmail } from "./internal/sign-in-email.js";
import type { EmailConfig, SendMessageParams } from "./types.js";
import { loadEmailFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

export { verificationEmail, type VerificationEmail, type VerificationEmailInput } from "../mail/message.js";
export type { EmailConfig, SendMessageParams, SendVerificationRequestParams } from "./types.js";

/**
 * An SMTP server: a connection URL (`smtp://`, `smtps://`, with credentials and query options) or
 * Nodemailer's SMTP transport options (`host`, `port`, `secure`, `auth`, …).
 */
export type SmtpServer = string | Record<string, unknown>;

/** The configuration of the {@link Nodemailer} provider. */
export interface NodemailerConfig extends EmailConfig {
  /** Where to send. Default `smtp://localhost:25`. */
  server: SmtpServer;
  /** The `From` of the email, `"Name <address>"` or an address. Set it to an address of your domain. */
  from: string;
}

/** What {@link Nodemailer} accepts; every field has a default, but `server` and `from` are meant to be set. */
export type NodemailerUserConfig = Omit<Partial<NodemailerConfig>, "type" | "options">;

interface SendResult {
  rejected?: unknown[];
  pending?: unknown[];
}

/**
 * Sends one message through the provider's `server`. The recipient is passed as an address
 * object, so Nodemailer delivers to exactly that address and never parses it as a list.
 */
async function sendMessage({ to, message, provider }: SendMessageParams): Promise<void> {
  const { server, from } = provider as NodemailerConfig;
  const nodemailer = await import("nodemailer");
  const createTransport = (nodemailer.default ?? nodemailer).createTransport;
  const transport = createTransport(server as Parameters<typeof createTransport>[0]);
  try {
    const result = (await transport.sendMail({
      to: { name: "", address: to },
      from,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })) as SendResult;
    const failed = (result.rejected?.length ?? 0) + (result.pending?.length ?? 0);
    if (failed) throw new Error("The SMTP server did not accept the recipient of the email.");
  } finally {
    transport.close();
  }
}

/**
 * Creates the Nodemailer email provider (id `nodemailer`). Needs an adapter to store tokens.
 *
 * @example
 * ```ts
 * import { PostgresAdapter } from "@latch/pg"
 * import Nodemailer from "@latch/core/providers/nodemailer"
 * const config = {
 *   adapter: PostgresAdapter(pool),
 *   providers: [Nodemailer({ server: { host: "smtp.example.com", port: 587, auth: { user, pass } }, from: "no-reply@example.com" })],
 * }
 * ```
 */
export default function Nodemailer(config: NodemailerUserConfig = {}): NodemailerConfig {
  return {
    id: "nodemailer",
    type: "email",
    [providerFlow]: loadEmailFlow,
    name: "Email",
    server: "smtp://localhost:25",
    from: "Latch <no-reply@example.com>",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: (params) => sendSignInEmail(params, sendMessage),
    sendMessage,
    options: config,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Nodemailer itself, as `import` gives it.
export { Nodemailer as "module.exports" };
