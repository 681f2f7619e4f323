/**
 * The built-in page shown after an email sign-in link was sent.
 */
import { html } from "../security/escape.js";
import { pageLanguage } from "./language.js";
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
  const language = props.language ?? pageLanguage();
  // After a sign-up or a reset request the page says the same whether or not the address has an account.
  const sentence =
    // Those two sentences are `Password()`'s: without it, a `type` in the query changes nothing.
    props.type === "signup" && language.messages.verifySignUpSent ? language.text("verifySignUpSent")
    : props.type === "reset" && language.messages.verifyResetSent ? language.text("verifyResetSent")
    : props.type === "email-change" && language.messages.verifyEmailChangeSent ? language.text("verifyEmailChangeSent")
    : props.email ? html`${language.parts("verifySentTo", { email: html`<strong>${props.email}</strong>` })}`
    : language.text("verifySent");
  const body = html`<p>${sentence}</p>
<p class="muted">${language.text("verifyHint")}</p>
<p class="links"><a href="${props.homeUrl}">${language.text("homeLink")}</a></p>
`;
  const title = language.text("verifyTitle");
  return { status: 200, html: renderDocument({ title, theme: props.theme, body, nonce: props.nonce, language }) };
}
