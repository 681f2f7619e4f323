/**
 * An email (magic link) provider: Auth.js's `Email` of `@auth/core/providers/email`, under id
 * `email`. Given `sendVerificationRequest`, the link goes out the way the app sends it (the shape
 * Auth.js takes as a plain object `{ type: "email", sendVerificationRequest, … }`); without it,
 * through the SMTP `server`, as `Nodemailer()` sends. Either
 * way the provider brings the email flow with it, which `Auth` of `@latch/core/slim` needs.
 *
 * @example
 * ```ts
 * import Email from "@latch/core/providers/email"
 * const email = Email({ from: "no-reply@example.com", sendVerificationRequest: ({ identifier, url }) => mailer.send(identifier, url) })
 * ```
 * @module providers/email
 */
import Nodemailer, { type NodemailerConfig, type NodemailerUserConfig } from "./nodemailer.js";

export type { EmailConfig, SendMessageParams, SendVerificationRequestParams } from "./types.js";
export type { NodemailerConfig, NodemailerUserConfig } from "./nodemailer.js";

/**
 * Creates the email provider (id `email`, name `Email`); the options are merged over Nodemailer's
 * defaults, so an app's `sendVerificationRequest` (and `sendMessage`) replace the SMTP ones.
 *
 * @example
 * ```ts
 * import Email from "@latch/core/providers/email"
 * const email = Email({ server: "smtp://user:pass@smtp.example.com:587", from: "no-reply@example.com" })
 * ```
 */
export default function Email(config: NodemailerUserConfig & { type?: "email" } = {}): NodemailerConfig {
  const { type: _type, ...options } = config;
  return { ...Nodemailer(options), id: "email", name: "Email" };
}

export { Email as "module.exports" };
