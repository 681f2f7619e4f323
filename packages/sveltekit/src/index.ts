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
import { Auth, isAuthAction } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";
import { error as httpError, redirect, type Action, type Handle, type RequestEvent } from "@sveltejs/kit";
import { readSignInForm, signInWith, signOutWith } from "./actions.js";
import { prepareConfig, type PreparedConfig } from "./config.js";
import { kitEnvironment } from "./kit.js";
import { originOf, toAuthRequest } from "./request.js";
import { readSession, sessionReader } from "./session.js";
import type { SvelteKitAuthConfig } from "./types.js";

export type { SvelteKitAuthConfig, SignInOptions, SignOutOptions, SignInAuthorizationParams } from "./types.js";
export type { Account, DefaultSession, Profile, Session, User, AuthConfig } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

/** A config, or a function of the request event that returns one (per-request configuration). */
export type SvelteKitAuthConfigInput = SvelteKitAuthConfig | ((event: RequestEvent) => PromiseLike<SvelteKitAuthConfig> | SvelteKitAuthConfig);

/** What {@link SvelteKitAuth} returns. */
export interface SvelteKitAuthResult {
  /** The request hook: serves `<basePath>/*` and sets `event.locals.auth()`. Put it first in `sequence`. */
  handle: Handle;
  /**
   * Form action: signs in with the form's `providerId` (see the `<SignIn/>` component). Refused
   * credentials redirect to the sign-in page with `?error=CredentialsSignin&code=<code>`.
   */
  signIn: Action;
  /** Form action: signs out (see the `<SignOut/>` component). */
  signOut: Action;
}

async function configFor(input: SvelteKitAuthConfigInput, event: RequestEvent): Promise<PreparedConfig> {
  const config = typeof input === "function" ? await input(event) : input;
  return prepareConfig(config, kitEnvironment());
}

/** `path` is `basePath` + `/<action>[/…]` for an action Latch serves. */
function isAuthPath(path: string, basePath: string): boolean {
  if (!path.startsWith(`${basePath}/`)) return false;
  return isAuthAction(path.slice(basePath.length + 1).split("/")[0] ?? "");
}

/** The site's origin (see `originOf`), or why the request names none. */
function siteOf(event: RequestEvent, config: PreparedConfig): string | InvalidRequest {
  try {
    return originOf(event, config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return error;
    throw error;
  }
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

function refused(error: InvalidRequest): Response {
  return Response.json({ error: error.type, message: error.message }, { status: error.status });
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
export function SvelteKitAuth(config: SvelteKitAuthConfigInput): SvelteKitAuthResult {
  return {
    async handle({ event, resolve }) {
      if (kitEnvironment().building) {
        event.locals.auth ??= async () => null;
        event.locals.getSession ??= event.locals.auth;
        return resolve(event);
      }
      const ready = await configFor(config, event);
      const site = siteOf(event, ready);
      // A request whose host is malformed has no session to show.
      event.locals.auth ??= sessionReader(event.cookies, async () => (typeof site === "string" ? readSession(event.cookies, site, ready) : null));
      event.locals.getSession ??= event.locals.auth;
      if (!isAuthPath(event.url.pathname, ready.basePath)) return resolve(event);
      if (typeof site !== "string") return refused(site);
      try {
        return await Auth(await toAuthRequest(event, site), ready);
      } catch (error) {
        if (error instanceof InvalidRequest) return refused(error);
        throw error;
      }
    },

    async signIn(event) {
      if (kitEnvironment().building) return;
      const ready = await configFor(config, event);
      const { provider, options, authorizationParams } = readSignInForm(await formOf(event));
      const outcome = await signInWith(event, actionOrigin(event, ready), ready, provider, options, authorizationParams);
      if (outcome.redirect) redirect(303, outcome.url);
      return { url: outcome.url };
    },

    async signOut(event) {
      if (kitEnvironment().building) return;
      const ready = await configFor(config, event);
      const form = Object.fromEntries([...(await formOf(event))].filter((e): e is [string, string] => typeof e[1] === "string"));
      const outcome = await signOutWith(event, actionOrigin(event, ready), ready, form);
      if (outcome.redirect) redirect(303, outcome.url);
      return { url: outcome.url };
    },
  };
}
