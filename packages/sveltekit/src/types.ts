import type { AuthConfig, Session } from "@latch/core";

/**
 * The configuration of {@link SvelteKitAuth}: `AuthConfig` without `raw`. `basePath` defaults to
 * SvelteKit's `base` + `/auth`; the environment (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 * `AUTH_<PROVIDER>_ID`/`_SECRET`) fills what the config leaves unset.
 *
 * @example
 * ```ts
 * import type { SvelteKitAuthConfig } from "@latch/sveltekit"
 * const config: SvelteKitAuthConfig = { providers: [GitHub] }
 * ```
 */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {}

/** Options of the server-side and client-side `signIn`. */
export interface SignInOptions<Redirect extends boolean = boolean> extends Record<string, unknown> {
  /** Where the user lands after signing in. Default: the page the form (or call) was on. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: return the URL instead of redirecting. Default `true`. */
  redirect?: Redirect;
}

/** Options of the server-side and client-side `signOut`. */
export interface SignOutOptions<Redirect extends boolean = boolean> {
  /** Where the user lands after signing out. Default: the page the form (or call) was on. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: return the URL instead of redirecting. Default `true`. */
  redirect?: Redirect;
}

/** The authorization parameters added to the provider's authorization URL, as `URLSearchParams` takes them. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace App {
    interface Locals {
      /** The session of the request, or `null`. Set by the `handle` of `SvelteKitAuth`. */
      auth(): Promise<Session | null>;
      /** @deprecated Use `auth`. */
      getSession(): Promise<Session | null>;
    }
    interface PageData {
      session?: Session | null;
    }
  }
}
