import type { InternalProvider } from "../../config/providers.js";
import type { PasswordHashParameters } from "./hash.js";
import type { BreachedPasswordCheck } from "./breached.js";
import type { PasswordRules } from "./rules.js";
import type { CredentialsConfig } from "../../types/providers.js";
import { featureCode } from "../../symbols.js";

/** Configuration of the password provider: a credentials provider whose check Latch does. */
export interface PasswordConfig extends CredentialsConfig {
  /**
   * Refuse sign-in until the address is verified (`emailVerified` set), default `true`. A right
   * password for an unverified address is refused with the code `email_unverified`; only someone
   * who knows the password learns that.
   */
  requireVerifiedEmail: boolean;
  /** The rules new passwords must meet (sign-up, reset, change). */
  rules: PasswordRules;
  /**
   * Refuse new passwords found in data breaches (sign-up, reset, change), e.g.
   * `HaveIBeenPwned()` of `@latch/core/passwords/breached`. Off by default: turning it on sends
   * range queries (five hex digits of a SHA-1) to a third party.
   */
  breached?: BreachedPasswordCheck;
  /**
   * Argon2id parameters of new hashes, default OWASP's (19 MiB, 2 passes, 1 lane). Stored hashes
   * with other parameters are rehashed at their user's next successful sign-in.
   */
  hashParameters: PasswordHashParameters;
  /**
   * Let people create accounts at `<base>/signup` (default `true`). With `false` that endpoint
   * answers `UnknownAction` and the sign-in page links no sign-up.
   */
  allowSignUp: boolean;
  /**
   * The id of the email provider whose transport (`sendMessage`) sends the password emails;
   * default the first email provider of the config.
   */
  email?: string;
  /** The user's options; merged over the defaults once, in config resolution. */
  options?: Partial<PasswordConfig>;
}

/** A password provider after config resolution. */
export type PasswordProvider = InternalProvider<PasswordConfig>;

/** Whether `provider` is the `Password()` provider: it carries a feature record and the hash parameters. */
export function isPasswordProvider(provider: InternalProvider): provider is PasswordProvider {
  return !!provider[featureCode] && "hashParameters" in provider;
}
