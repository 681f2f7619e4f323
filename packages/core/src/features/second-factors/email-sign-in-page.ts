/**
 * The built-in page of a sign-in without a password by an emailed code: the address first, then
 * the code.
 */
import { pageLanguage, type PageLanguage } from "../../pages/language.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import type { RenderedPage } from "../../pages/types.js";
import { html } from "../../security/escape.js";
import type { Theme } from "../../types/theme.js";

/** What the email-code sign-in page shows. */
export interface EmailSignInPageProps {
  /** `<base>/second-factor/email-sign-in`: where both forms POST. */
  action: string;
  csrfToken: string;
  callbackUrl: string;
  /** The address a code was asked for; the code form is shown when set. */
  email?: string;
  /** The last code was wrong (`?error=SecondFactorInvalid`). */
  wrong: boolean;
  theme: Theme;
  language?: PageLanguage;
}

/**
 * Renders the page (status 200): the address form, or, once a code was asked for, the code
 * form (with a way to ask again). Every form carries `csrfToken` and `callbackUrl`.
 *
 * @example
 * ```ts
 * renderEmailSignInPage({ action: `${base}/second-factor/email-sign-in`, csrfToken, callbackUrl, wrong: false, theme: {} });
 * ```
 */
export function renderEmailSignInPage(props: EmailSignInPageProps): RenderedPage {
  const language = props.language ?? pageLanguage();
  const alert = props.wrong ? html`<div class="alert" role="alert"><p>${language.text("secondFactorWrong")}</p></div>\n` : "";
  const emailForm = html`<form method="post" action="${props.action}">
${hiddenFormFields(props)}
<label for="email-sign-in-email">${language.text("signInEmailLabel")}</label>
<input id="email-sign-in-email" name="email" type="email" autocomplete="email" required${props.email ? html` value="${props.email}"` : html` autofocus`}>
<button type="submit">${language.text(props.email ? "secondFactorEmailAgain" : "secondFactorEmailSend")}</button>
</form>`;
  const codeForm = props.email
    ? html`<p>${language.text("emailSignInSent", { email: props.email })}</p>
<form method="post" action="${props.action}">
${hiddenFormFields(props)}
<label for="email-sign-in-code">${language.text("secondFactorEmailLabel")}</label>
<input id="email-sign-in-code" name="code" type="text" autocomplete="one-time-code" inputmode="numeric" pattern="[0-9 ]*" maxlength="64" required autofocus>
<button type="submit">${language.text("emailSignInSubmit")}</button>
</form>
`
    : html`<p>${language.text("emailSignInIntro")}</p>\n`;
  const body = props.email ? html`${alert}${codeForm}<p class="divider">${language.text("signInOr")}</p>
${emailForm}` : html`${alert}${codeForm}${emailForm}`;
  return { status: 200, html: renderDocument({ title: language.text("emailSignInTitle"), theme: props.theme, body, language }) };
}
