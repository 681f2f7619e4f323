/**
 * The cap on wrong second-factor codes per user (PROTOCOL §13): one count across every waiting
 * sign-in, fresh proofs and backup codes, kept in the rate limits' store. Each new waiting
 * sign-in brings its own few answers; this count does not start again with it, so guessing a
 * user's codes takes at most `max` tries per window, however many first factors the guesser
 * holds. Past the cap no code of that user is checked until the window ends, and the user is
 * told once per window by email.
 */
import type { AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { LanguageContext } from "../../config/slices.js";
import { hashed } from "../../limits/keys.js";
import { MemoryRateLimitStore } from "../../limits/memory-store.js";
import { chooseLanguage } from "../../pages/language.js";
import { escapeHtml } from "../../security/escape.js";
import type { EmailConfig } from "../../types/providers.js";
import type { RateLimitStore } from "../../types/rate-limit.js";
import { settingsOf } from "./storage.js";

/** How a counted code came out: right, wrong, or not checked because the user is past the cap. */
export type CountedAnswer = "right" | "wrong" | "locked";

/** Without rate limits, each `SecondFactors()` option counts in memory of this process. */
const ownStores = new WeakMap<object, RateLimitStore>();

function storeFor(ctx: Pick<AuthContext, "secondFactor" | "rateLimit">): { store: RateLimitStore; prefix: string } {
  if (ctx.rateLimit) return { store: ctx.rateLimit.store, prefix: ctx.rateLimit.keyPrefix };
  const settings = settingsOf(ctx);
  let store = ownStores.get(settings);
  if (!store) ownStores.set(settings, (store = new MemoryRateLimitStore()));
  return { store, prefix: "latch:rl:" };
}

/**
 * Checks one code of `user` through `check`, counted: the count goes up before the code is
 * checked (so answers sent at once cannot all slip under the cap), and past the cap `check` does
 * not run. A right code ends the count. The wrong code that reaches the cap sends the notice. A
 * store that fails refuses the code unchecked.
 */
export async function countedAnswer(ctx: LanguageContext & Pick<AuthContext, "origin" | "secrets" | "providers" | "logger" | "secondFactor" | "rateLimit">, user: AdapterUser, request: Request, check: () => Promise<boolean>): Promise<CountedAnswer> {
  const { max, window } = settingsOf(ctx).wrongAnswers;
  const { store, prefix } = storeFor(ctx);
  const key = `${prefix}wrong-answers:${await hashed(ctx, `user:${user.id}`)}`;
  let count: number;
  try {
    ({ count } = await store.hit(key, window * 1000));
  } catch (error) {
    ctx.logger.error("RateLimitStoreError", error as Error);
    return "locked";
  }
  if (count > max) return "locked";
  if (await check()) {
    await Promise.resolve(store.delete(key)).catch((error) => ctx.logger.error("RateLimitStoreError", error as Error));
    return "right";
  }
  // The count is atomic and past the cap no code is checked: exactly one wrong code per window
  // reaches it, so the notice goes out once per window.
  if (count === max) await notify(ctx, user, request);
  return "wrong";
}

/** Tells the user that their codes are no longer checked; a mail that fails is logged, never thrown. */
async function notify(ctx: LanguageContext & Pick<AuthContext, "origin" | "providers" | "logger" | "secondFactor">, user: AdapterUser, request: Request): Promise<void> {
  const { max, window } = settingsOf(ctx).wrongAnswers;
  try {
    ctx.logger.warn("SecondFactorAttempts", `A user gave ${max} wrong second-factor codes; their codes are not checked for ${window} s.`);
    const transport = ctx.providers.find((p) => p.type === "email" && typeof (p as EmailConfig).sendMessage === "function") as EmailConfig | undefined;
    if (!transport?.sendMessage || !user.email) {
      ctx.logger.warn("SecondFactorAttempts", "No email provider with sendMessage is configured: the user was not told of the wrong codes.");
      return;
    }
    const language = await chooseLanguage(ctx, request);
    const values = { host: new URL(ctx.origin).host, count: String(max), minutes: String(Math.ceil(window / 60)) };
    const text = language.text("wrongAnswersText", values);
    const message = { subject: language.text("wrongAnswersSubject", values), text, html: `<p>${escapeHtml(text)}</p>` };
    await transport.sendMessage({ to: user.email, message, provider: transport });
  } catch (error) {
    ctx.logger.error("SecondFactorNoticeError", error as Error);
  }
}
