/**
 * Email sign-in (magic links) sent through the SendGrid v3 Mail Send API (`POST /v3/mail/send`),
 * with `fetch` only.
 *
 * @example
 * ```ts
 * import SendGrid from "@latch/core/providers/sendgrid"
 * SendGrid({ from: "Example <no-reply@example.com>" }) // API key from AUTH_SENDGRID_KEY
 * ```
 * @module providers/sendgrid
 */
import { apiKeyOf, type CustomFetchOption, fetchOf, sendMailRequest, splitAddress, trimBase } from "../mail/http.js";
import { sendSignInEmail } from "./internal/sign-in-email.js";
import type { EmailConfig, SendMessageParams } from "./types.js";
import { loadEmailFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

export type { EmailConfig, SendMessageParams, SendVerificationRequestParams } from "./types.js";

/** The configuration of the {@link SendGrid} provider. */
export interface SendGridConfig extends EmailConfig, CustomFetchOption {
  /** The `From`: a verified sender, optionally as `"Name <address>"`. */
  from: string;
  /** Base URL of the API. Default `https://api.sendgrid.com` (EU subusers: `https://api.eu.sendgrid.com`). */
  apiBaseUrl: string;
}

/** What {@link SendGrid} accepts: `apiKey` defaults to `AUTH_<ID>_KEY` (`AUTH_SENDGRID_KEY`). */
export type SendGridUserConfig = Omit<Partial<SendGridConfig>, "type" | "options">;

/** Sends one message through the SendGrid API. */
async function sendMessage(params: SendMessageParams): Promise<void> {
  const provider = params.provider as SendGridConfig;
  const { message } = params;
  await sendMailRequest("SendGrid", fetchOf(provider), `${trimBase(provider.apiBaseUrl)}/v3/mail/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKeyOf(provider, "SendGrid")}`, "content-type": "application/json" },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: params.to }] }],
      from: splitAddress(provider.from),
      subject: message.subject,
      // The API wants text/plain before text/html.
      content: [
        { type: "text/plain", value: message.text },
        { type: "text/html", value: message.html },
      ],
    }),
  });
}

/**
 * Creates the SendGrid email provider (id `sendgrid`). Needs an adapter to store tokens.
 *
 * @example
 * ```ts
 * import SendGrid from "@latch/core/providers/sendgrid"
 * const config = { adapter, providers: [SendGrid({ apiKey: process.env.SENDGRID_API_KEY, from: "no-reply@example.com" })] }
 * ```
 */
export default function SendGrid(config: SendGridUserConfig = {}): SendGridConfig {
  return {
    id: "sendgrid",
    type: "email",
    [providerFlow]: loadEmailFlow,
    name: "SendGrid",
    from: "Latch <no-reply@example.com>",
    apiBaseUrl: "https://api.sendgrid.com",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: (params) => sendSignInEmail(params, sendMessage),
    sendMessage,
    options: config,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns SendGrid itself, as `import` gives it.
export { SendGrid as "module.exports" };
