import type { Adapter, VerificationToken } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { InternalProvider } from "../../config/providers.js";
import { timingSafeEqual } from "../../crypto/index.js";
import { EmailSignInError, Verification } from "../../errors.js";
import { chooseLanguage } from "../../pages/language.js";
import type { EmailConfig } from "../../types/providers.js";
import type { VerifiedSignIn } from "../../signin/complete.js";
import { askVerificationRequest } from "../../signin/verification-request.js";
import type { ResponseInternal } from "../../types/response.js";
import type { Flow, FlowInput } from "../types.js";
import { identifierOf } from "./identifier.js";
import { DEFAULT_MAX_AGE, hashToken, newToken, tokenSecrets, verificationUrl } from "./token.js";

type EmailProvider = InternalProvider<EmailConfig>;
type TokenAdapter = Pick<Required<Adapter>, "createVerificationToken" | "useVerificationToken" | "getUserByEmail">;

// Present: config assertions refuse an email provider without an adapter that has these methods.
function adapterOf(ctx: Pick<AuthContext, "adapter">): TokenAdapter {
  return ctx.adapter as TokenAdapter;
}

/**
 * `POST /signin/<id>` (CSRF already checked): the state "none → issued" of the verification-token
 * table. The address is normalized and checked first, then the `signIn` callback decides; only
 * then is the hashed token stored and the link sent, so a refused address leaves no trace.
 */
async function begin({ ctx, req, provider, callbackUrl }: FlowInput<EmailProvider>): Promise<ResponseInternal> {
  const adapter = adapterOf(ctx);
  const identifier = identifierOf(provider.normalizeIdentifier, req.body?.email);

  const redirectTo = await askVerificationRequest(ctx, adapter, provider.id, identifier);
  if (redirectTo !== null) return { redirect: redirectTo };

  // Chosen before anything is stored: a locale function that throws leaves no token behind.
  const { lang, dir, messages } = await chooseLanguage(ctx, req.request);
  const token = await newToken(provider.generateVerificationToken);
  const expires = new Date(Date.now() + (provider.maxAge ?? DEFAULT_MAX_AGE) * 1000);
  const [secret] = tokenSecrets(provider.secret, ctx.secrets);
  const hashed = await hashToken(token, secret!);
  // Stored before sending, so a link never arrives that cannot work.
  await adapter.createVerificationToken({ identifier, token: hashed, expires });

  const url = verificationUrl(provider.callbackUrl, { callbackUrl, token, email: identifier });
  try {
    await provider.sendVerificationRequest({ identifier, url, expires, provider, token, theme: ctx.theme, request: req.request, language: { lang, dir, messages } });
  } catch (error) {
    // The link never left: spend its token so that it cannot be used later.
    await Promise.resolve(adapter.useVerificationToken({ identifier, token: hashed })).catch((undo) => ctx.logger.error("AdapterError", undo));
    throw new EmailSignInError("Sending the sign-in email failed.", { cause: { err: error as Error, providerId: provider.id } });
  }

  const verifyRequest = new URL(`${ctx.baseUrl}/verify-request`);
  verifyRequest.searchParams.set("provider", provider.id);
  verifyRequest.searchParams.set("type", provider.type);
  return { redirect: verifyRequest.toString() };
}

/**
 * Spends the token of the link: each secret's hash is tried (rotation, PROTOCOL §12) and
 * `useVerificationToken` deletes the row it returns, so a link works once.
 */
async function spendToken(adapter: TokenAdapter, secrets: readonly string[], identifier: string, token: string): Promise<VerificationToken | null> {
  for (const secret of secrets) {
    const hashed = await hashToken(token, secret);
    const used = await adapter.useVerificationToken({ identifier, token: hashed });
    // An adapter that returned another row than asked for is not trusted with the sign-in.
    if (used) return timingSafeEqual(used.token, hashed) && used.identifier === identifier ? used : null;
  }
  return null;
}

/**
 * `GET /callback/<id>?token=…&email=…`: the state "issued → consumed". A missing, wrong, used or
 * expired token, or one issued for another address, is `Verification` and changes nothing else.
 */
async function complete({ ctx, req, provider, callbackUrl }: FlowInput<EmailProvider>): Promise<VerifiedSignIn> {
  const { token, email } = req.query;
  if (!token || !email) throw new Verification("The sign-in link lacks its token or email address.");
  const used = await spendToken(adapterOf(ctx), tokenSecrets(provider.secret, ctx.secrets), email, token);
  if (!used) throw new Verification("The sign-in link is not valid or was already used.");
  if (new Date(used.expires).getTime() < Date.now()) throw new Verification("The sign-in link has expired.");
  return {
    provider,
    user: { email: used.identifier },
    account: { type: "email", provider: provider.id, providerAccountId: used.identifier },
    callbackUrl,
  };
}

/** The email (magic link) flow: `begin` sends the link; the link's GET callback completes it. */
export const emailFlow = { begin, complete, callbackNeedsCsrf: false } satisfies Flow;
