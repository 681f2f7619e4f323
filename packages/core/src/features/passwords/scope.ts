// What the password endpoints share: the provider and the adapter methods they need, their
// single-use tokens, their emails, and ending a user's sessions.
import type { Adapter, AdapterUser } from "../../adapter.js";
import { adapterHas, guardMethods } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import { sha256Hex, timingSafeEqual } from "../../crypto/index.js";
import { InvalidRequest, MissingAdapter, MissingAdapterMethods } from "../../errors.js";
import { MissingEmailTransport } from "./errors.js";
import type { AuthRequest } from "../../http/request.js";
import { passwordEmail, type PasswordEmailKind } from "./message.js";
import type { PageLanguage } from "../../pages/language.js";
import type { EmailConfig } from "../../types/providers.js";
import { normalizeEmail } from "../../security/email-address.js";
import { endAllUserSessions, endOtherUserSessions } from "../session-control/control.js";
import { endUnprovenAccess } from "../../signin/end-unproven-access.js";
import { hashToken, newToken } from "../../flows/email/token.js";
import { isPasswordProvider, type PasswordProvider } from "./types.js";
import { passwordSendTimes } from "./send-time.js";
import { endpointMethods } from "./adapter-methods.js";

/** The adapter, narrowed to {@link endpointMethods} (each guarded). */
export type EndpointAdapter = Required<Pick<Adapter, (typeof endpointMethods)[number]>>;

/** The password provider and the adapter methods its endpoints use. */
export interface PasswordScope {
  provider: PasswordProvider;
  adapter: EndpointAdapter;
}

/** The `Password()` provider that carries the endpoints, and the adapter checked for their methods. */
export function passwordScope(ctx: Pick<AuthContext, "providers" | "adapter">): PasswordScope {
  const provider = ctx.providers.find(isPasswordProvider)!;
  const { adapter } = ctx;
  if (!adapter) throw new MissingAdapter(`The password provider "${provider.id}" needs an adapter; set \`adapter\` in the config.`);
  const missing = endpointMethods.filter((method) => !adapterHas(adapter, method));
  if (missing.length) throw new MissingAdapterMethods(missing, `The password provider "${provider.id}" needs the adapter methods ${missing.join(", ")}.`);
  return { provider, adapter: guardMethods(adapter, endpointMethods) };
}

/** A string field of the body, or `InvalidRequest` (400). */
export function bodyString(req: AuthRequest, name: string): string {
  const value = req.body?.[name];
  if (typeof value !== "string") throw new InvalidRequest(`The body has no ${name}.`);
  return value;
}

/** The body's `email`, normalised as Latch stores addresses; `InvalidRequest` when it is none. */
export function bodyAddress(req: AuthRequest): string {
  try {
    return normalizeEmail(bodyString(req, "email"));
  } catch {
    throw new InvalidRequest("The email field is not an email address.");
  }
}

/** What a token is for. Each purpose has its own identifier, so a token of one never passes as another (or as a sign-in link). */
export type TokenPurpose = "verify-email" | "password-reset" | "email-change";

/** Lifetimes: a sign-up confirmation 24 h, a reset link 1 h, an address change 24 h. */
export const tokenLifetimes: Readonly<Record<TokenPurpose, number>> = { "verify-email": 86_400, "password-reset": 3_600, "email-change": 86_400 };

/**
 * The token's identifier: purpose, address and, for a sign-up link, the password it confirms
 * (`binding`, see {@link signUpBinding}). A token is found only under the identifier it was
 * issued for, so a link whose binding no longer matches is refused like an unknown one.
 */
const identifierOf = (purpose: TokenPurpose, address: string, binding?: string) =>
  binding === undefined ? `latch:${purpose}:${address}` : `latch:${purpose}:${address}:${binding}`;

/**
 * What ties a sign-up link to the password of the sign-up that sent it: a digest of that
 * password's stored hash (salted, so no two sign-ups share it). A later sign-up for the still
 * unconfirmed address stores a new password, and every earlier link stops working: only the
 * newest sign-up can be confirmed. A hash upgrade (`replacePasswordHash`) changes it too, which
 * only means the link must be asked for again.
 */
export async function signUpBinding(passwordHash: string): Promise<string> {
  return (await sha256Hex(`latch:signup-binding:${passwordHash}`)).slice(0, 32);
}

/**
 * Stores the hash of a new token for `address` (PROTOCOL §5's `sha256hex(token + secret)` under
 * the newest secret) and returns the raw token and its expiry. `binding` ties it to more than the
 * address (a sign-up link: the password it confirms); `token` is the raw token when the caller
 * made it (else 32 random bytes).
 */
export async function issueToken(
  ctx: Pick<AuthContext, "secrets">,
  adapter: EndpointAdapter,
  purpose: TokenPurpose,
  address: string,
  options: { binding?: string; token?: string } = {},
): Promise<{ token: string; expires: Date; undo: () => Promise<unknown> }> {
  const { binding } = options;
  const token = options.token ?? (await newToken(undefined));
  const expires = new Date(Date.now() + tokenLifetimes[purpose] * 1000);
  const identifier = identifierOf(purpose, address, binding);
  const hashed = await hashToken(token, ctx.secrets[0]!);
  await adapter.createVerificationToken({ identifier, token: hashed, expires });
  return { token, expires, undo: async () => adapter.useVerificationToken({ identifier, token: hashed }) };
}

/**
 * Spends a token: `true` once for a token issued for `address` and `purpose` that has not
 * expired; `false` for anything else (wrong, used, expired, another address, purpose or binding). Each
 * secret is tried (rotation, PROTOCOL §12); the adapter deletes the row it returns.
 */
export async function spendToken(ctx: Pick<AuthContext, "secrets">, adapter: EndpointAdapter, purpose: TokenPurpose, address: string, token: string, binding?: string): Promise<boolean> {
  const identifier = identifierOf(purpose, address, binding);
  for (const secret of ctx.secrets) {
    const hashed = await hashToken(token, secret);
    const used = await adapter.useVerificationToken({ identifier, token: hashed });
    if (used) return timingSafeEqual(used.token, hashed) && used.identifier === identifier && new Date(used.expires).getTime() > Date.now();
  }
  return false;
}

/** The email provider whose transport sends the password emails; a configuration error when there is none. */
export function emailTransport(ctx: Pick<AuthContext, "providers">, provider: PasswordProvider): EmailConfig & { sendMessage: NonNullable<EmailConfig["sendMessage"]> } {
  const email = ctx.providers.find((p) => p.type === "email" && (provider.email === undefined || p.id === provider.email)) as EmailConfig | undefined;
  if (!email?.sendMessage) {
    throw new MissingEmailTransport(
      provider.email === undefined
        ? "The password emails need an email provider with sendMessage (Nodemailer, Resend, SendGrid, Postmark, Mailgun) in `providers`."
        : `The password emails go through the email provider "${provider.email}", which is not configured or has no sendMessage.`,
    );
  }
  return email as EmailConfig & { sendMessage: NonNullable<EmailConfig["sendMessage"]> };
}

/** Writes a password email in `language` and sends it to `to` through `transport`. */
export async function sendPasswordEmail(
  ctx: Pick<AuthContext, "theme">,
  transport: ReturnType<typeof emailTransport>,
  language: PageLanguage,
  to: string,
  kind: PasswordEmailKind,
  url: string,
  expires?: Date,
): Promise<void> {
  const message = passwordEmail({ kind, url, expires, theme: ctx.theme, language });
  await passwordSendTimes.timed(transport.id, async () => transport.sendMessage({ to, message, provider: transport }));
}

/**
 * PROTOCOL §6 for a proof brought by a password email (a reset link, or the sign-up link with
 * `keepPassword`): what was set up before the proof stops working, then `emailVerified` is set.
 */
export async function provePasswordAddress(ctx: Pick<AuthContext, "providers" | "session" | "jwt" | "events" | "adapter">, user: AdapterUser, providerId: string, keepPassword: boolean): Promise<AdapterUser> {
  const adapter = ctx.adapter as Required<Adapter>;
  await endUnprovenAccess(ctx, adapter, user, undefined, keepPassword);
  const proven = await adapter.updateUser({ id: user.id, emailVerified: new Date() });
  await ctx.events.updateUser?.({ user: proven });
  await ctx.events.emailProven?.({ user: proven, provider: providerId });
  return proven;
}

/**
 * Ends the user's sessions: all of them, or all but `keep` (the current session's id). Database
 * sessions are deleted; JWT sessions are revoked through `session.revocation`. JWT sessions without
 * revocation are stored nowhere and cannot be ended: they stay valid until they expire (logged as
 * a warning, without the user's id).
 */
export async function endSessions(ctx: Pick<AuthContext, "session" | "jwt" | "events" | "logger" | "adapter">, userId: string, keep?: string): Promise<void> {
  if (ctx.session.strategy === "jwt" && !ctx.session.revocation) {
    ctx.logger.warn("SessionsKept", "JWT sessions cannot be ended without session.revocation: the user's other sessions stay valid until they expire.");
    return;
  }
  if (keep === undefined) await endAllUserSessions(ctx, userId);
  else await endOtherUserSessions(ctx, userId, keep);
}
