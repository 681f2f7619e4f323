/**
 * The pages of `Password()`: sign up, forgot password, choose a new password (from a reset link)
 * and change password. One form each, with the refusal of the last attempt above it.
 */
import { html, type SafeHtml } from "../../security/escape.js";
import { pageLanguage, type PageLanguage } from "../../pages/language.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import { signInErrorMessage } from "../../pages/messages.js";
import type { PasswordPageProps, RenderedPage } from "../../pages/types.js";
import type { MessageKey } from "../../types/language.js";
import { passwordEnglish } from "./english.js";

const titles = {
  signup: "signUpTitle", forgot: "forgotTitle", reset: "resetTitle", change: "changeTitle", emailChange: "emailChangeTitle",
} as const satisfies Record<PasswordPageProps["kind"], MessageKey>;
const submits = {
  signup: "signUpSubmit", forgot: "forgotSubmit", reset: "resetSubmit", change: "changeSubmit", emailChange: "emailChangeSubmit",
} as const satisfies Record<PasswordPageProps["kind"], MessageKey>;

/** The sentence for `?error=` on these pages: a password rule, a wrong current password, or the sign-in page's sentence. */
function errorSentence(props: PasswordPageProps, language: PageLanguage): string {
  const { minimum, maximum } = props;
  switch (props.error) {
    case "PasswordTooShort":
      return language.text("passwordTooShort", { minimum: String(minimum) });
    case "PasswordTooLong":
      return language.text("passwordTooLong", { maximum: String(maximum) });
    case "PasswordCommon":
      return language.text("passwordCommon");
    case "PasswordBreached":
      return language.text("passwordBreached");
    case "PasswordCheckUnavailable":
      return language.text("passwordCheckUnavailable");
    case "CredentialsSignin":
      return language.text("passwordWrongCurrent");
    case "SecondFactorFreshProof":
    case "SecondFactorAttempts":
      return language.text("emailChangeProof");
    case "Verification":
      return language.text("passwordResetLinkUsed");
    default:
      return signInErrorMessage(props.error!, language);
  }
}

function field(id: string, label: string, input: SafeHtml): SafeHtml {
  return html`<label for="${id}">${label}</label>
${input}
`;
}

function newPasswordField(name: string, label: string, props: PasswordPageProps, language: PageLanguage): SafeHtml {
  const input = html`<input id="latch-password-new" name="${name}" type="password" autocomplete="new-password" minlength="${String(props.minimum)}" required aria-describedby="latch-password-hint">
<p id="latch-password-hint" class="muted">${language.text("passwordHint", { minimum: String(props.minimum) })}</p>`;
  return field("latch-password-new", label, input);
}

function emailField(props: PasswordPageProps, language: PageLanguage): SafeHtml {
  return field(
    "latch-password-email",
    language.text("signInEmailLabel"),
    html`<input id="latch-password-email" name="email" type="email" autocomplete="username" placeholder="${language.text("signInEmailPlaceholder")}" required${
      props.email ? html` value="${props.email}"` : ""
    }>`,
  );
}

function fields(props: PasswordPageProps, language: PageLanguage): SafeHtml {
  switch (props.kind) {
    case "signup":
      return html`${emailField(props, language)}${field(
        "latch-password-name",
        language.text("signUpNameLabel"),
        html`<input id="latch-password-name" name="name" type="text" autocomplete="name">`,
      )}${newPasswordField("password", language.text("passwordLabel"), props, language)}`;
    case "forgot":
      return html`<p>${language.text("forgotIntro")}</p>
${emailField(props, language)}`;
    case "reset":
      return html`<input type="hidden" name="token" value="${props.token ?? ""}">
<input type="hidden" name="email" value="${props.email ?? ""}">
${newPasswordField("password", language.text("passwordNewLabel"), props, language)}`;
    case "change":
      return html`${field(
        "latch-password-current",
        language.text("passwordCurrentLabel"),
        html`<input id="latch-password-current" name="currentPassword" type="password" autocomplete="current-password" required>`,
      )}${newPasswordField("newPassword", language.text("passwordNewLabel"), props, language)}`;
    case "emailChange":
      return emailChangeFields(props, language);
  }
}

/** The address change: the new address, then the proof this user gives (none: a recent sign-in). */
function emailChangeFields(props: PasswordPageProps, language: PageLanguage): SafeHtml {
  const proof =
    props.proof === "password"
      ? field("latch-password-current", language.text("passwordCurrentLabel"), html`<input id="latch-password-current" name="currentPassword" type="password" autocomplete="current-password" required>`)
      : props.proof === "code"
        ? field("latch-email-change-code", language.text("emailChangeCodeLabel"), html`<input id="latch-email-change-code" name="code" type="text" inputmode="text" autocomplete="one-time-code" required>`)
        : "";
  return html`<p>${language.text("emailChangeIntro")}</p>
${field(
  "latch-email-change-new",
  language.text("emailChangeNewLabel"),
  html`<input id="latch-email-change-new" name="email" type="email" autocomplete="email" placeholder="${language.text("signInEmailPlaceholder")}" required>`,
)}${proof}`;
}

/**
 * Renders one of the password pages (status 200): the refusal of `error` when set, then the form
 * that POSTs to `action` with the CSRF token and callback URL.
 *
 * @example
 * ```ts
 * renderPasswordPage({ kind: "forgot", action: `${base}/password/forgot`, csrfToken, callbackUrl, signInUrl, minimum: 8, maximum: 256, theme: {} })
 * ```
 */
export function renderPasswordPage(props: PasswordPageProps): RenderedPage {
  const language = props.language ?? pageLanguage(undefined, undefined, [passwordEnglish]);
  const alert = props.error ? html`<div class="alert" role="alert"><p>${errorSentence(props, language)}</p></div>\n` : "";
  const signIn = props.kind === "signup" ? language.text("signUpHaveAccount") : language.text("signInTitle");
  const body = html`${alert}<form method="post" action="${props.action}">
${hiddenFormFields(props)}
${fields(props, language)}<button type="submit">${language.text(submits[props.kind])}</button>
</form>
<p class="links"><a href="${props.signInUrl}">${signIn}</a></p>
`;
  const title = language.text(titles[props.kind]);
  return { status: 200, html: renderDocument({ title, theme: props.theme, body, nonce: props.nonce, language }) };
}
