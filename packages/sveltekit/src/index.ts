/**
 * Latch for SvelteKit 2: `SvelteKitAuth(config)` gives a `handle` hook that serves
 * `<basePath>/*` (default `/auth`) and sets `event.locals.auth()`, and the `signIn` and `signOut`
 * form actions. Components: `@latch/sveltekit/components`; browser calls: `@latch/sveltekit/client`.
 *
 * @example
 * ```ts
 * // src/auth.ts
 * import { SvelteKitAuth } from "@latch/sveltekit"
 * import GitHub from "@latch/core/providers/github"
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [GitHub] })
 *
 * // src/hooks.server.ts
 * export { handle } from "./auth"
 *
 * // src/routes/signin/+page.server.ts
 * import { signIn } from "../../auth"
 * export const actions = { default: signIn }
 * ```
 * @module @latch/sveltekit
 */
import type { Session } from "@latch/core";
import type { SessionOf } from "@latch/core/plugins";
import { InvalidRequest } from "@latch/core/errors";
import { error as httpError, redirect, type Action, type Handle, type RequestEvent } from "@sveltejs/kit";
import { readSignInForm, signInWith, signOutWith } from "./actions.js";
import type { PreparedConfig } from "./config.js";
import { configFor, createHandle, siteOf } from "./handle.js";
import { kitEnvironment } from "./kit.js";
import type { SvelteKitAuthConfig } from "./types.js";

export type { SvelteKitAuthConfigInput } from "./handle.js";

export type { SvelteKitAuthConfig, SignInOptions, SignOutOptions, SignInAuthorizationParams } from "./types.js";
export type { Account, DefaultSession, Profile, Session, User, AuthConfig } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

/** What {@link SvelteKitAuth} returns. */
export interface SvelteKitAuthResult<AppSession = Session> {
  /** The request hook: serves `<basePath>/*` and sets `event.locals.auth()`. Put it first in `sequence`. */
  handle: Handle;
  /**
   * Form action: signs in with the form's `providerId` (see the `<SignIn/>` component). Refused
   * credentials redirect to the sign-in page with `?error=CredentialsSignin&code=<code>`.
   */
  signIn: Action;
  /** Form action: signs out (see the `<SignOut/>` component). */
  signOut: Action;
  /**
   * The session of a request `handle` has seen (`event.locals.auth()`), typed with the fields of
   * the config's `plugins`; `null` without one.
   *
   * @example
   * ```ts
   * export const load = async (event) => ({ role: (await auth(event))?.user?.role })
   * ```
   */
  auth: (event: RequestEvent) => Promise<AppSession | null>;
}

/** The site's origin for a form action; a malformed host is a 400, never a 500. */
function actionOrigin(event: RequestEvent, config: PreparedConfig): string {
  const site = siteOf(event, config);
  if (site instanceof InvalidRequest) httpError(400, site.message);
  return site;
}

/** The posted form; a body that is not a form is a 400, never a 500. */
async function formOf(event: RequestEvent): Promise<FormData> {
  try {
    return await event.request.formData();
  } catch {
    httpError(400, "The request body is not a form.");
  }
}

/**
 * Sets up Latch for a SvelteKit app. The config may be a function of the request event, for
 * configuration that depends on the request (a header, a platform binding).
 *
 * @example
 * ```ts
 * export const { handle, signIn, signOut } = SvelteKitAuth(async (event) => ({
 *   providers: [Credentials({ authorize })],
 *   theme: { brandColor: event.request.headers.get("x-brand") ?? "#333" },
 * }))
 * ```
 */
export function SvelteKitAuth<Config extends SvelteKitAuthConfig = SvelteKitAuthConfig>(
  config: Config | ((event: RequestEvent) => PromiseLike<Config> | Config),
): SvelteKitAuthResult<SessionOf<Config>> {
  return {
    handle: createHandle(config, kitEnvironment),
    auth: async (event) => ((await event.locals.auth?.()) ?? null) as SessionOf<Config> | null,

    async signIn(event) {
      if (kitEnvironment().building) return;
      const ready = await configFor(config, event, kitEnvironment());
      const { provider, options, authorizationParams } = readSignInForm(await formOf(event));
      const outcome = await signInWith(event, actionOrigin(event, ready), ready, provider, options, authorizationParams);
      if (outcome.redirect) redirect(303, outcome.url);
      return { url: outcome.url };
    },

    async signOut(event) {
      if (kitEnvironment().building) return;
      const ready = await configFor(config, event, kitEnvironment());
      const form = Object.fromEntries([...(await formOf(event))].filter((e): e is [string, string] => typeof e[1] === "string"));
      const outcome = await signOutWith(event, actionOrigin(event, ready), ready, form);
      if (outcome.redirect) redirect(303, outcome.url);
      return { url: outcome.url };
    },
  };
}
