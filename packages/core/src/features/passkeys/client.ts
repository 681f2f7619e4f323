/**
 * The browser side of passkey sign-in, on `@simplewebauthn/browser` (an optional peer
 * dependency: install it to use this module). It speaks the same protocol as `next-auth/webauthn`:
 * options, the browser ceremony, the CSRF token, then the callback.
 *
 * @example
 * ```ts
 * import { signIn } from "@latch/core/webauthn"
 *
 * // Sign in with any passkey of this site, or create one for a new email address.
 * await signIn("passkey", { email: form.email.value || undefined })
 * // Signed in already: add another passkey to this account.
 * await signIn("passkey", { action: "register" })
 * ```
 * @module @latch/core/webauthn
 */
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/** Options of {@link signIn}. */
export interface WebAuthnSignInOptions {
  /** Force a ceremony; by default the server decides (authenticate, or register for an unknown email). */
  action?: "register" | "authenticate";
  /** The user's email: authenticates with their passkeys, or registers a new user with it. */
  email?: string;
  /** Where to go after signing in. Default: the current page. */
  callbackUrl?: string;
  /** Navigate to the result (default `true`). With `false`, only the resulting URL is returned. */
  redirect?: boolean;
  /** Where Latch is mounted. Default `/auth`. */
  basePath?: string;
  /** Offer passkeys in the browser's autofill instead of a dialog (conditional UI; authentication only). */
  autofill?: boolean;
}

/** What {@link signIn} resolves to when it does not navigate. */
export interface WebAuthnSignInResult {
  /** Where the server sends the user: the callback URL, or a page with `?error=`. */
  url: string;
  /** The `error` query parameter of `url`, when the sign-in failed. */
  error: string | null;
  /** True when `error` is null. */
  ok: boolean;
}

type OptionsResponse =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON };

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { message?: string; error?: string };
  if (!response.ok) throw new Error(body.message ?? body.error ?? `The request failed with status ${response.status}.`);
  return body;
}

/**
 * Signs in (or registers) with a passkey: fetches the options, runs the browser ceremony, and
 * posts the result to the provider's callback. Navigates to the result unless `redirect: false`.
 * A cancelled ceremony rejects with the browser's `NotAllowedError`.
 */
export async function signIn(providerId: string, options: WebAuthnSignInOptions = {}): Promise<WebAuthnSignInResult> {
  const base = (options.basePath ?? "/auth").replace(/\/$/, "");
  const id = encodeURIComponent(providerId);
  const query = new URLSearchParams();
  if (options.action) query.set("action", options.action);
  if (options.email) query.set("email", options.email);
  const ceremony = await json<OptionsResponse>(await fetch(`${base}/webauthn-options/${id}?${query}`, { credentials: "same-origin" }));

  const data = ceremony.action === "register"
    ? await startRegistration({ optionsJSON: ceremony.options })
    : await startAuthentication({ optionsJSON: ceremony.options, useBrowserAutofill: !!options.autofill });

  const { csrfToken } = await json<{ csrfToken: string }>(await fetch(`${base}/csrf`, { credentials: "same-origin" }));
  const body = new URLSearchParams({
    action: ceremony.action,
    data: JSON.stringify(data),
    csrfToken,
    callbackUrl: options.callbackUrl ?? window.location.href,
  });
  const { url } = await json<{ url: string }>(
    await fetch(`${base}/callback/${id}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    }),
  );
  const error = new URL(url, window.location.href).searchParams.get("error");
  if (options.redirect !== false) window.location.href = url;
  return { url, error, ok: error === null };
}
