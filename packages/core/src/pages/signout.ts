/**
 * The built-in sign-out confirmation page.
 */
import { html } from "../security/escape.js";
import { pageLanguage } from "./language.js";
import { hiddenFormFields, renderDocument } from "./layout.js";
import type { RenderedPage, SignOutPageProps } from "./types.js";

/**
 * Renders the sign-out confirmation page (status 200): a question and a form that POSTs
 * `csrfToken` and `callbackUrl` to `action`.
 *
 * @example
 * ```ts
 * const { html } = renderSignOutPage({ csrfToken, action: `${base}/signout`, callbackUrl: origin, theme: {} });
 * ```
 */
export function renderSignOutPage(props: SignOutPageProps): RenderedPage {
  const language = props.language ?? pageLanguage();
  const title = language.text("signOutTitle");
  const body = html`<p>${language.text("signOutQuestion")}</p>
<form method="post" action="${props.action}">
${hiddenFormFields(props)}
<button type="submit">${title}</button>
</form>
`;
  return { status: 200, html: renderDocument({ title, theme: props.theme, body, nonce: props.nonce, language }) };
}
