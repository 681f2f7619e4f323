import type { SendMessageParams, SendVerificationRequestParams } from "../types.js";

/**
 * Sends the sign-in email of `params` through `sendMessage`, an email preset's own sending. The
 * message's module (its HTML, its English and the theme's checks) loads with the first email a
 * process sends, not with the preset, so that it stays out of the code an app loads first.
 */
export async function sendSignInEmail(params: SendVerificationRequestParams, sendMessage: (message: SendMessageParams) => Promise<void>): Promise<void> {
  const { verificationEmail } = await import("../../mail/message.js");
  const message = verificationEmail({ url: params.url, expires: params.expires, theme: params.theme, language: params.language });
  return sendMessage({ to: params.identifier, message, provider: params.provider });
}
