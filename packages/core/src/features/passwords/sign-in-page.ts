// `Password()`'s parts of the built-in sign-in page, which come with the provider (loaded when the
// page is shown): the links under its form, its own button text, the notice after a reset or an
// address change, and the alert for a right password whose address is not confirmed yet.
import type { AuthContext } from "../../config/context.js";
import type { AuthRequest } from "../../http/request.js";
import type { PageLanguage } from "../../pages/language.js";
import type { SignInPageProps } from "../../pages/types.js";
import { html, type SafeHtml } from "../../security/escape.js";
import type { PasswordMessageKey } from "../../types/language.js";
import { isPasswordProvider, type PasswordProvider } from "./types.js";

/** The sentence of each notice, by the query parameter a redirect here sets to `1`. */
const notices = {
  reset: "signInPasswordChanged",
  emailChanged: "signInEmailChanged",
  emailChangeCancelled: "signInEmailChangeCancelled",
} as const satisfies Record<string, PasswordMessageKey>;

function linksOf(provider: PasswordProvider, baseUrl: string, language: PageLanguage): SafeHtml {
  const signUp = provider.allowSignUp === false ? "" : html` · <a href="${baseUrl}/signup">${language.text("signInCreateAccount")}</a>`;
  return html`\n<p class="links"><a href="${baseUrl}/password/forgot">${language.text("signInForgotPassword")}</a>${signUp}</p>`;
}

/** Above the forms: the notice the query asks for, or what a right password for an unconfirmed address means. */
function before(req: Pick<AuthRequest, "query">, props: SignInPageProps, language: PageLanguage, baseUrl: string): Pick<SignInPageProps, "before" | "error"> {
  if (props.error === "CredentialsSignin" && props.code === "email_unverified") {
    // The page that emails a new link (a reset link proves the address too) replaces the error's sentence.
    const alert = html`<div class="alert" role="alert">
<p>${language.text("signInEmailUnverified")}</p>
<p><a href="${baseUrl}/password/forgot">${language.text("signInEmailUnverifiedResend")}</a></p></div>
`;
    return { before: alert, error: undefined };
  }
  const key = (Object.keys(notices) as (keyof typeof notices)[]).find((name) => req.query[name] === "1");
  return key ? { before: html`<div class="notice" role="status"><p>${language.text(notices[key])}</p></div>\n` } : {};
}

/**
 * The sign-in page's props with `Password()`'s parts: each password provider's links (sign-up
 * only while it is on) and, under its own name, the catalogue's button text; above the forms, the
 * notice or the alert of the request.
 */
export function passwordSignInPage(ctx: Pick<AuthContext, "providers" | "baseUrl">, req: Pick<AuthRequest, "query">, props: SignInPageProps & { language: PageLanguage }): Partial<SignInPageProps> {
  const { language } = props;
  const providers = props.providers.map((shown) => {
    const provider = ctx.providers.find((p): p is PasswordProvider => p.id === shown.id && isPasswordProvider(p));
    if (!provider) return shown;
    return { ...shown, after: linksOf(provider, ctx.baseUrl, language), ...(shown.name === "Password" && { submitLabel: language.text("signInPasswordSubmit") }) };
  });
  return { providers, ...before(req, props, language, ctx.baseUrl) };
}
