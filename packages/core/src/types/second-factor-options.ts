import type { Adapter, AdapterMethod, AdapterUser, Awaitable } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { featureCode, secondFactorsCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/**
 * The kinds of second factor: an authenticator app's time-based codes (`"totp"`, RFC 6238), the
 * single-use backup codes given at enrolment (`"backup"`), and a 6-digit code sent by email
 * (`"email"`).
 */
export type FactorKind = "totp" | "backup" | "email";

/** What `SecondFactors()` takes. */
export interface SecondFactorsOptions {
  /**
   * The kinds offered. Default `["totp", "backup"]`. `"email"` needs an email provider among
   * `providers` (its transport sends the codes) and counts only for users whose address is verified.
   */
  factors?: readonly FactorKind[];
  /**
   * Whether a user must answer a second factor at sign-in even without one enrolled (such a user
   * is sent to enrolment). A function decides per user. Default `false`: only users with a factor
   * are asked.
   */
  required?: boolean | ((user: AdapterUser) => Awaitable<boolean>);
  /** "Remember this device" after a second factor: how long, in seconds. Default: off. */
  rememberDevice?: { maxAge: number };
  /**
   * The name an authenticator app shows above the codes (the `otpauth://` issuer). Default: the
   * site's host name.
   */
  issuer?: string;
  /**
   * Sends an email code. Default: through the `server` of the first email provider that has one
   * (Nodemailer); an app whose email provider sends over an HTTP API passes its own.
   */
  sendCode?: (message: EmailCodeMessage) => Awaitable<void>;
  /**
   * Wrong second-factor codes a user may give per window, counted across every waiting sign-in,
   * fresh proofs and backup codes; past it, no code of that user is checked until the window
   * ends, and the user is told once by email. Counted in the rate limits' store (memory of this
   * process when rate limits are off). Default `{ max: 10, window: 3600 }` (seconds).
   */
  wrongAnswers?: { max?: number; window?: number };
}

/** What {@link SecondFactorsOptions.sendCode} sends. */
export interface EmailCodeMessage {
  /** The user's address. */
  identifier: string;
  /** The 6-digit code. */
  code: string;
  /** When the code stops working. */
  expires: Date;
  /** `"second-factor"` or `"sign-in"`. */
  purpose: "second-factor" | "sign-in";
  /** The subject, in the language chosen for the request ("Your code: 123456"). */
  subject: string;
  /** The plain-text body, in that language: the code and how long it works. */
  text: string;
  /** The request that asked for the code. */
  request: Request;
}

/** {@link SecondFactorsOptions} with the defaults filled in. */
export interface SecondFactorSettings {
  /** The kinds offered, without repeats. */
  readonly factors: readonly FactorKind[];
  /** {@link SecondFactorsOptions.required}, `false` when not given. */
  readonly required: boolean | ((user: AdapterUser) => Awaitable<boolean>);
  /** {@link SecondFactorsOptions.rememberDevice}. */
  readonly rememberDevice?: { readonly maxAge: number };
  /** {@link SecondFactorsOptions.issuer}. */
  readonly issuer?: string;
  /** {@link SecondFactorsOptions.sendCode}. */
  readonly sendCode?: (message: EmailCodeMessage) => Awaitable<void>;
  /** {@link SecondFactorsOptions.wrongAnswers}, with its defaults. */
  readonly wrongAnswers: { readonly max: number; readonly window: number };
}

/**
 * The settings and the loaders of the second-factor code (internal). The loaders' exact module
 * types are `SecondFactorsCode` of `features/second-factors/code.ts`, which the modules above this layer
 * cast to.
 */
export interface SecondFactorsCarried {
  readonly settings: SecondFactorSettings;
  /**
   * Checks the configuration once: adds the adapter methods second factors need to `needs`, and
   * returns the problem when there is no adapter.
   */
  check(adapter: Adapter | undefined, needs: Set<AdapterMethod>): AuthError | null;
  /** Enrolment, removal, backup codes, the management page, and the shared verification API. */
  load(): Promise<object>;
  /** What a first factor's completion calls to ask for the second one. */
  stepUp(): Promise<object>;
  /** The challenge page and its answer while a sign-in waits. */
  challenge(): Promise<object>;
}

/**
 * Turns on second factors. Made by `SecondFactors()` of `@latch/core/second-factors`; its code
 * comes into the bundle only with it.
 */
export interface SecondFactorsOption {
  /** The settings and code, carried by the option (internal). */
  readonly [secondFactorsCode]: SecondFactorsCarried;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
