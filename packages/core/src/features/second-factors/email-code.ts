/** Email codes: made, stored hashed for 10 minutes, and sent. */
import type { AdapterSecondFactor, AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { LanguageContext, SecondFactorContext } from "../../config/slices.js";
import { randomUUID } from "../../crypto/index.js";
import { EmailSignInError } from "../../errors.js";
import { countMail } from "../../limits/mail.js";
import { chooseLanguage } from "../../pages/language.js";
import type { EmailConfig } from "../../types/providers.js";
import type { EmailCodeMessage } from "../../types/second-factor-options.js";
import { codeHash, emailCodeLifetime, newEmailCode } from "./codes.js";
import type { EmailCodePurpose } from "./factors.js";
import { settingsOf, storeOf } from "./storage.js";

/** The default sender: the `server` (SMTP) of the first email provider that has one, through Nodemailer. */
async function sendThroughServer(ctx: Pick<AuthContext, "providers">, message: EmailCodeMessage): Promise<void> {
  const provider = ctx.providers.find((p) => p.type === "email" && (p as EmailConfig).server) as EmailConfig | undefined;
  if (!provider) throw new EmailSignInError("No email provider with a `server` can send codes; pass `sendCode` to SecondFactors().");
  const nodemailer = await import("nodemailer");
  const createTransport = (nodemailer.default ?? nodemailer).createTransport;
  const transport = createTransport(provider.server as Parameters<typeof createTransport>[0]);
  try {
    const result = (await transport.sendMail({
      to: { name: "", address: message.identifier },
      from: provider.from,
      subject: message.subject,
      text: message.text,
    })) as { rejected?: unknown[] };
    if (result.rejected?.length) throw new Error("The SMTP server did not accept the recipient of the code.");
  } finally {
    transport.close();
  }
}

/**
 * Makes a 6-digit code for `purpose`, stores its hash in place of the user's previous one of that
 * purpose (so only the newest works), and sends it to the user's address.
 */
export async function sendEmailCode(ctx: SecondFactorContext & LanguageContext & Pick<AuthContext, "baseUrl" | "secrets" | "logger" | "rateLimit">, user: AdapterUser, purpose: EmailCodePurpose, request?: Request): Promise<void> {
  const settings = settingsOf(ctx);
  // The sign-in code's request named the address, and the limiter counted it; the challenge's
  // code goes to the waiting user's address, counted here in the same bucket, and per user.
  if (purpose === "second-factor") await countMail(ctx, "emailCode", user.email, user.id);
  const code = newEmailCode();
  const now = new Date();
  const expires = new Date(now.valueOf() + emailCodeLifetime);
  const row: AdapterSecondFactor = {
    id: randomUUID(), userId: user.id, kind: `email:${purpose}`, secret: await codeHash(code),
    lastUsedStep: null, attempts: 0, confirmedAt: now, expires, createdAt: now,
  };
  await storeOf(ctx).replaceSecondFactors(user.id, row.kind, [row]);
  const asked = request ?? new Request(ctx.baseUrl);
  const language = await chooseLanguage(ctx, asked);
  const minutes = String(Math.round(emailCodeLifetime / 60_000));
  const message: EmailCodeMessage = {
    identifier: user.email, code, expires, purpose, request: asked,
    subject: language.text("emailCodeSubject", { code }),
    text: language.text("emailCodeText", { code, minutes }),
  };
  try {
    await (settings.sendCode ? settings.sendCode(message) : sendThroughServer(ctx, message));
  } catch (error) {
    // An unsent code must not stay pending.
    await Promise.resolve(storeOf(ctx).replaceSecondFactors(user.id, row.kind, [])).catch(() => {});
    throw error instanceof EmailSignInError ? error : new EmailSignInError("The code could not be sent.", { cause: { err: error as Error } });
  }
}
