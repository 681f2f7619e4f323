/**
 * The credentials provider: sign in with fields you check yourself (for example a username
 * and password), in `authorize`.
 *
 * @example
 * ```ts
 * import Credentials from "@latch/core/providers/credentials"
 * Credentials({
 *   credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
 *   async authorize({ username, password }) {
 *     const user = await db.users.check(String(username), String(password))
 *     return user ?? null
 *   },
 * })
 * ```
 * @module providers/credentials
 */
import { credentialsFlow } from "../flows/credentials.js";
import { providerFlow } from "../symbols.js";
import type { CredentialInput, CredentialsConfig } from "./types.js";

export type { CredentialInput, CredentialsConfig } from "./types.js";

/** What {@link Credentials} accepts: `authorize` is required, everything else has a default. */
export type CredentialsUserConfig<C extends Record<string, CredentialInput>> = Partial<CredentialsConfig<C>> &
  Pick<CredentialsConfig<C>, "authorize">;

/** Creates a credentials provider (id `credentials` unless given). */
export default function Credentials<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  options: CredentialsUserConfig<C>,
): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as C,
    authorize: () => null,
    options,
    [providerFlow]: credentialsFlow,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Credentials itself, as `import` gives it.
export { Credentials as "module.exports" };
