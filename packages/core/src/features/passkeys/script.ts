/**
 * The passkey client for pages without a bundler: a self-contained module script (no imports,
 * the raw WebAuthn API with base64url helpers) that the built-in sign-in page embeds. Apps can
 * embed it too: it drives every `<form data-latch-webauthn="<provider id>">` on the page, and a
 * form with `data-latch-action="register"` adds a passkey for the signed-in user.
 *
 * With a bundler, prefer `signIn` from `@latch/core/webauthn`.
 *
 * @example
 * ```ts
 * import { webAuthnScript } from "@latch/core/webauthn-script"
 * const page = `<form data-latch-webauthn="passkey" data-latch-action="register">
 *   <button>Add a passkey</button></form>
 *   <script type="module">${webAuthnScript({ baseUrl: "/auth" })}</script>`
 * ```
 * @module webauthn-script
 */

import { passkeyPageSource } from "./script-source.js";

/** Options of {@link webAuthnScript}. */
export interface WebAuthnScriptOptions {
  /** Where Latch is mounted: an absolute URL or a path, e.g. `/auth`. */
  baseUrl: string;
  /** The id of the provider whose passkeys the browser offers in autofill (conditional UI), if any. */
  conditionalUI?: string;
}

/**
 * Returns the source of the module script; put it in a `<script type="module">` element.
 * The options are embedded as JSON with `<` escaped, so the result is safe inside the element.
 */
export function webAuthnScript(options: WebAuthnScriptOptions): string {
  const config = JSON.stringify({ baseUrl: options.baseUrl.replace(/\/$/, ""), conditionalUI: options.conditionalUI ?? null });
  // The client is prebuilt browser text (see browser/passkey-page.ts), wrapped so that its one
  // top-level name stays local even in a classic script.
  return `(() => {\n${passkeyPageSource}\nlatchPasskeyPage.passkeyPage(${config.replace(/</g, "\\u003c")});\n})();`;
}
