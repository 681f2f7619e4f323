/**
 * The built-in page shown after an email sign-in link was sent.
 */
import { html } from "../security/escape.js";
import { renderDocument } from "./layout.js";
import type { RenderedPage, VerifyRequestPageProps } from "./types.js";

/**
 * Renders the "check your email" page (status 200), naming the address when it is known.
 *
 * @example
 * ```ts
 * const { html } = renderVerifyRequestPage({ homeUrl: origin, email: "ada@example.com", theme: {} });
 * ```
 */
export function renderVerifyRequestPage(props: VerifyRequestPageProps): RenderedPage {
  const sentence = props.email
    ? html`We sent a sign-in link to <strong>${props.email}</strong>. Open it to finish signing in.`
    : html`We sent you a sign-in link. Open it to finish signing in.`;
  const body = html`<p>${sentence}</p>
<p class="muted">You can close this page. If the email has not arrived after a few minutes, check your spam folder.</p>
<p class="links"><a href="${props.homeUrl}">Home</a></p>
`;
  return { status: 200, html: renderDocument({ title: "Check your email", theme: props.theme, body, nonce: props.nonce }) };
}
