/**
 * Passkey sign-in from the browser, as `@auth/sveltekit/webauthn` offers it: `signIn(provider,
 * options)` fetches the options from `<base>/auth/webauthn-options/<provider>`, runs the browser
 * ceremony (`@simplewebauthn/browser`, an optional peer dependency) and posts the result to the
 * provider's callback. Built on `@latch/core/webauthn`, mounted under SvelteKit's `base`.
 *
 * @example
 * ```svelte
 * <script>
 *   import { signIn } from "@latch/sveltekit/webauthn"
 *   let email = $state("")
 * </script>
 * <input bind:value={email} type="email" />
 * <button onclick={() => signIn("passkey", { email })}>Sign in with a passkey</button>
 * ```
 * @module @latch/sveltekit/webauthn
 */
import { base } from "$app/paths";
import { signIn as passkeySignIn, type WebAuthnSignInResult } from "@latch/core/webauthn";
import type { SignInOptions } from "./types.js";

export type { WebAuthnSignInResult } from "@latch/core/webauthn";

/** Options of {@link signIn}: those of the client `signIn`, plus the ceremony's. */
export interface WebAuthnSignInOptions<Redirect extends boolean = boolean> extends SignInOptions<Redirect> {
  /** The user's email: authenticates with their passkeys, or registers a new user with it. */
  email?: string;
  /** Force a ceremony; by default the server decides. */
  action?: "register" | "authenticate";
}

/**
 * Signs in (or registers) with the passkey provider `provider`. Goes where the server says
 * unless `redirect: false`, then resolves to the URL and the error, if any. A cancelled ceremony
 * rejects with the browser's `NotAllowedError`.
 */
export async function signIn(provider: string, options: WebAuthnSignInOptions = {}): Promise<WebAuthnSignInResult> {
  const callbackUrl = options.redirectTo ?? options.callbackUrl;
  return passkeySignIn(provider, {
    basePath: `${base ?? ""}/auth`,
    email: options.email || undefined,
    action: options.action,
    callbackUrl: typeof callbackUrl === "string" ? callbackUrl : undefined,
    redirect: options.redirect !== false,
  });
}
