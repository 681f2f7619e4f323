/**
 * Email sign-in (magic links) sent through the Resend HTTP API (`POST /emails`), with `fetch` only.
 *
 * @example
 * ```ts
 * import Resend from "@latch/core/providers/resend"
 * Resend({ from: "Example <no-reply@example.com>" }) // API key from AUTH_RESEND_KEY
 * ```
 * @module providers/resend
 */
import { apiKeyOf, type CustomFetchOption, fetchOf, sendMailRequest, trimBase } from "../mail/http.js";
import { sendSignInEmail } from "./internal/sign-in-email.js";
import type { EmailConfig, SendMessageParams } from "./types.js";
import { loadEmailFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

export type { EmailConfig, SendMessageParams, SendVerificationRequestParams } from "./types.js";

/** The configuration of the {@link Resend} provider. */
export interface ResendConfig extends EmailConfig, CustomFetchOption {
  /** The `From`: an address of a domain verified at Resend, optionally as `"Name <address>"`. */
  from: string;
  /** Base URL of the API. Default `https://api.resend.com`. */
  apiBaseUrl: string;
}

/** What {@link Resend} accepts: `apiKey` defaults to `AUTH_<ID>_KEY` (`AUTH_RESEND_KEY`). */
export type ResendUserConfig = Omit<Partial<ResendConfig>, "type" | "options">;

/** Sends one message through the Resend API. */
async function sendMessage(params: SendMessageParams): Promise<void> {
  const provider = params.provider as ResendConfig;
  const { message } = params;
  await sendMailRequest("Resend", fetchOf(provider), `${trimBase(provider.apiBaseUrl)}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKeyOf(provider, "Resend")}`, "content-type": "application/json" },
    body: JSON.stringify({
      from: provider.from,
      // A one-element list: the address is one recipient, never split.
      to: [params.to],
      subject: message.subject,
      html: message.html,
      text: message.text,
    }),
  });
}

/**
 * Creates the Resend email provider (id `resend`). Needs an adapter to store tokens.
 *
 * @example
 * ```ts
 * import Resend from "@latch/core/providers/resend"
 * const config = { adapter, providers: [Resend({ apiKey: process.env.RESEND_API_KEY, from: "no-reply@example.com" })] }
 * ```
 */
export default function Resend(config: ResendUserConfig = {}): ResendConfig {
  return {
    id: "resend",
    type: "email",
    [providerFlow]: loadEmailFlow,
    name: "Resend",
    from: "Latch <no-reply@example.com>",
    apiBaseUrl: "https://api.resend.com",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: (params) => sendSignInEmail(params, sendMessage),
    sendMessage,
    options: config,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Resend itself, as `import` gives it.
export { Resend as "module.exports" };
