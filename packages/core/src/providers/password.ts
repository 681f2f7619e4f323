/**
 * Email and password, with the checks done by Latch: Argon2id hashes stored through the adapter
 * (`getPassword`, `setPassword`, `replacePasswordHash`, `deletePassword`), one verification per
 * attempt whether or not the address has an account, hashes upgraded when the parameters change.
 * A provider of type `credentials`, so clients sign in with
 * `signIn("password", { email, password })`; works with JWT and database sessions.
 *
 * @example
 * ```ts
 * import Password from "@latch/core/providers/password"
 * import { PostgresAdapter } from "@latch/pg"
 *
 * const config = { adapter: PostgresAdapter(pool), providers: [Password()] }
 * ```
 * @module providers/password
 */
import { defaultPasswordHashParameters } from "../features/passwords/hash.js";
import type { FlowLoader } from "../flows/lazy.js";
import type { PasswordConfig } from "../features/passwords/types.js";
import type { FeatureEnglishLoader } from "../languages/english/feature.js";
import { passwordRows } from "../features/passwords/rows.js";
import { featureCode, providerFlow } from "../symbols.js";
import type { FeatureCode } from "../types/feature.js";

export type { PasswordConfig } from "../features/passwords/types.js";

/** What {@link Password} accepts: every field is optional. */
export type PasswordUserConfig = Partial<Omit<PasswordConfig, "type" | "options" | "authorize">>;

// The flow, Argon2id and the rules load on the first sign-in, not with the config.
const loadPasswordFlow: FlowLoader = async () => (await import("../features/passwords/flow.js")).passwordFlow;
// The English of the password pages and emails, the sign-in page's links: bundled only with `Password()`.
const loadPasswordEnglish: FeatureEnglishLoader = async () => (await import("../features/passwords/english.js")).passwordEnglish;
// The sign-in page's links, notices and alert of passwords: loaded when the page is shown.
const passwordSignInPage: NonNullable<FeatureCode["signInPage"]> = async (ctx, req, props) =>
  (await import("../features/passwords/sign-in-page.js")).passwordSignInPage(ctx as never, req as never, props as never);

/**
 * Creates the password provider (id `password`), which also serves `<base>/signup`,
 * `<base>/verify-email` and `<base>/password/<forgot|reset|change>`. Defaults: an email and a
 * password field, sign-up on, sign-in only for verified addresses, NIST SP 800-63B rules (8 to 256 characters, no common
 * password), OWASP's Argon2id parameters.
 *
 * @example
 * ```ts
 * Password({ requireVerifiedEmail: false, rules: { minLength: 12 } })
 * ```
 */
export default function Password(options: PasswordUserConfig = {}): PasswordConfig {
  return {
    id: "password",
    name: "Password",
    type: "credentials",
    credentials: {
      // The sign-in page shows the catalogue's labels in the reader's language; an app's own fields replace these.
      email: { label: "Email", labelKey: "signInEmailLabel", type: "email", autocomplete: "username", required: true },
      password: { label: "Password", labelKey: "signInPasswordLabel", type: "password", autocomplete: "current-password", required: true },
    },
    // Not called: the password flow checks the stored hash itself.
    authorize: () => null,
    requireVerifiedEmail: true,
    allowSignUp: true,
    rules: {},
    hashParameters: { ...defaultPasswordHashParameters },
    options: options as Partial<PasswordConfig>,
    [providerFlow]: loadPasswordFlow,
    [featureCode]: { rows: passwordRows, english: loadPasswordEnglish, signInPage: passwordSignInPage },
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Password itself, as `import` gives it.
export { Password as "module.exports" };
