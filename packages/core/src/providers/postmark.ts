/**
 * Email sign-in (magic links) sent through the Postmark Email API (`POST /email`), with `fetch` only.
 *
 * @example
 * ```ts
 * import Postmark from "@latch/core/providers/postmark"
 * Postmark({ from: "Example <no-reply@example.com>" }) // server token from AUTH_POSTMARK_KEY
 * ```
 * @module providers/postmark
 */
import { apiKeyOf, type CustomFetchOption, fetchOf, sendMailRequest, trimBase } from "../mail/http.js";
import { sendSignInEmail } from "./internal/sign-in-email.js";
import type { EmailConfig, SendMessageParams } from "./types.js";
import { loadEmailFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

export type { EmailConfig, SendMessageParams, SendVerificationRequestParams } from "./types.js";

/** The configuration of the {@link Postmark} provider. `apiKey` is the server API token. */
export interface PostmarkConfig extends EmailConfig, CustomFetchOption {
  /** The `From`: a confirmed sender signature, optionally as `"Name <address>"`. */
  from: string;
  /** Base URL of the API. Default `https://api.postmarkapp.com`. */
  apiBaseUrl: string;
  /** The message stream to send through. Default `outbound` (transactional). */
  messageStream: string;
}

/** What {@link Postmark} accepts: `apiKey` defaults to `AUTH_<ID>_KEY` (`AUTH_POSTMARK_KEY`). */
export type PostmarkUserConfig = Omit<Partial<PostmarkConfig>, "type" | "options">;

/** Sends one message through the Postmark API. */
async function sendMessage(params: SendMessageParams): Promise<void> {
  const provider = params.provider as PostmarkConfig;
  const { message } = params;
  await sendMailRequest("Postmark", fetchOf(provider), `${trimBase(provider.apiBaseUrl)}/email`, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      "x-postmark-server-token": apiKeyOf(provider, "Postmark"),
    },
    body: JSON.stringify({
      From: provider.from,
      To: params.to,
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
      MessageStream: provider.messageStream,
    }),
  });
}

/**
 * Creates the Postmark email provider (id `postmark`). Needs an adapter to store tokens.
 *
 * @example
 * ```ts
 * import Postmark from "@latch/core/providers/postmark"
 * const config = { adapter, providers: [Postmark({ apiKey: process.env.POSTMARK_SERVER_TOKEN, from: "no-reply@example.com" })] }
 * ```
 */
export default function Postmark(config: PostmarkUserConfig = {}): PostmarkConfig {
  return {
    id: "postmark",
    type: "email",
    [providerFlow]: loadEmailFlow,
    name: "Postmark",
    from: "Latch <no-reply@example.com>",
    apiBaseUrl: "https://api.postmarkapp.com",
    messageStream: "outbound",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: (params) => sendSignInEmail(params, sendMessage),
    sendMessage,
    options: config,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Postmark itself, as `import` gives it.
export { Postmark as "module.exports" };
