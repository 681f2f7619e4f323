/**
 * Email sign-in (magic links) sent through the Mailgun Messages API
 * (`POST /v3/<domain>/messages`), with `fetch` only.
 *
 * @example
 * ```ts
 * import Mailgun from "@latch/core/providers/mailgun"
 * Mailgun({ from: "Example <no-reply@mg.example.com>" }) // API key from AUTH_MAILGUN_KEY
 * ```
 * @module providers/mailgun
 */
import { apiKeyOf, type CustomFetchOption, fetchOf, sendMailRequest, splitAddress, trimBase } from "../mail/http.js";
import { sendSignInEmail } from "./internal/sign-in-email.js";
import type { EmailConfig, SendMessageParams } from "./types.js";
import { loadEmailFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

export type { EmailConfig, SendMessageParams, SendVerificationRequestParams } from "./types.js";

/** The configuration of the {@link Mailgun} provider. */
export interface MailgunConfig extends EmailConfig, CustomFetchOption {
  /** The `From`, at your Mailgun sending domain, optionally as `"Name <address>"`. */
  from: string;
  /** The sending domain. Default: the domain of `from`'s address. */
  domain?: string;
  /** Base URL of the API. Default `https://api.mailgun.net`; domains in the EU region: `https://api.eu.mailgun.net`. */
  apiBaseUrl: string;
}

/** What {@link Mailgun} accepts: `apiKey` defaults to `AUTH_<ID>_KEY` (`AUTH_MAILGUN_KEY`). */
export type MailgunUserConfig = Omit<Partial<MailgunConfig>, "type" | "options">;

function domainOf(provider: MailgunConfig): string {
  const domain = provider.domain ?? splitAddress(provider.from).email.split("@")[1];
  if (!domain) throw new Error(`The Mailgun provider "${provider.id}" has no sending domain: set \`domain\` or a \`from\` address.`);
  return domain;
}

/** Sends one message through the Mailgun API. */
async function sendMessage(params: SendMessageParams): Promise<void> {
  const provider = params.provider as MailgunConfig;
  const { message } = params;
  const form = new FormData();
  form.set("from", provider.from);
  form.set("to", params.to);
  form.set("subject", message.subject);
  form.set("text", message.text);
  form.set("html", message.html);
  const url = `${trimBase(provider.apiBaseUrl)}/v3/${encodeURIComponent(domainOf(provider))}/messages`;
  await sendMailRequest("Mailgun", fetchOf(provider), url, {
    method: "POST",
    // HTTP Basic authentication with the user name `api` and the API key as password.
    headers: { authorization: `Basic ${btoa(`api:${apiKeyOf(provider, "Mailgun")}`)}` },
    body: form,
  });
}

/**
 * Creates the Mailgun email provider (id `mailgun`). Needs an adapter to store tokens.
 *
 * @example
 * ```ts
 * import Mailgun from "@latch/core/providers/mailgun"
 * const config = {
 *   adapter,
 *   providers: [Mailgun({ apiKey: process.env.MAILGUN_API_KEY, from: "no-reply@mg.example.com", apiBaseUrl: "https://api.eu.mailgun.net" })],
 * }
 * ```
 */
export default function Mailgun(config: MailgunUserConfig = {}): MailgunConfig {
  return {
    id: "mailgun",
    type: "email",
    [providerFlow]: loadEmailFlow,
    name: "Mailgun",
    from: "Latch <no-reply@example.com>",
    apiBaseUrl: "https://api.mailgun.net",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: (params) => sendSignInEmail(params, sendMessage),
    sendMessage,
    options: config,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Mailgun itself, as `import` gives it.
export { Mailgun as "module.exports" };
