/**
 * The built-in sign-in page: one form per provider, in configuration order.
 */
import type { CredentialInput } from "../types/providers.js";
import type { MessageKey } from "../types/language.js";
import { colorSyntax, safeImageUrl } from "../security/css-values.js";
import { html, type SafeHtml } from "../security/escape.js";
import { hiddenFormFields, renderDocument } from "./layout.js";
import { pageLanguage, type PageLanguage } from "./language.js";
import { whereColorsKnown } from "./styles.js";
import { displayableCode, signInErrorMessage } from "./messages.js";
import type { PageProvider, RenderedPage, SignInPageProps } from "./types.js";

/** The fields every form sends back. */
interface FormContext {
  csrfToken: string;
  callbackUrl: string;
  email?: string;
  language: PageLanguage;
}

// Ids are built from positions, never from provider ids or field names, so they are always
// unique and valid whatever the configuration contains.
function fieldId(providerIndex: number, fieldIndex: number | "email"): string {
  return `latch-${providerIndex}-${fieldIndex}`;
}

function providerButton(provider: PageProvider, index: number, language: PageLanguage): SafeHtml {
  const logo = safeImageUrl(provider.style?.logo, { allowRemote: false });
  return html`<button type="submit" class="provider provider-${index}">${
    logo ? html`<img src="${logo}" alt="" width="24" height="24">` : ""
  }<span>${signInWith(provider, language)}</span></button>`;
}

function signInWith(provider: PageProvider, language: PageLanguage): string {
  return language.text("signInWith", { provider: provider.name });
}

function credentialFields(fields: Record<string, CredentialInput> | undefined, index: number, language: PageLanguage): SafeHtml[] {
  return Object.entries(fields ?? {}).map(([name, field], i) => {
    const id = fieldId(index, i);
    // A catalogue key the language lacks (a feature that is not configured) falls back to `label`.
    const label = language.messages[field.labelKey as MessageKey] ?? (typeof field.label === "string" && field.label !== "" ? field.label : name);
    return html`<label for="${id}">${label}</label>
<input id="${id}" name="${name}" type="${typeof field.type === "string" ? field.type : "text"}"${
      typeof field.placeholder === "string" ? html` placeholder="${field.placeholder}"` : ""
    }${typeof field.autocomplete === "string" ? html` autocomplete="${field.autocomplete}"` : ""}${
      field.required === true ? html` required` : ""
    }>
`;
  });
}

function oauthForm(p: PageProvider, i: number, ctx: FormContext): SafeHtml {
  return html`<form method="post" action="${p.signinUrl}">
${hiddenFormFields(ctx)}
${providerButton(p, i, ctx.language)}
</form>`;
}

function emailForm(p: PageProvider, i: number, ctx: FormContext): SafeHtml {
  const id = fieldId(i, "email");
  return html`<form method="post" action="${p.signinUrl}">
${hiddenFormFields(ctx)}
<label for="${id}">${ctx.language.text("signInEmailLabel")}</label>
<input id="${id}" name="email" type="email" autocomplete="email" placeholder="${ctx.language.text("signInEmailPlaceholder")}" required${
    ctx.email ? html` value="${ctx.email}"` : ""
  }>
<button type="submit">${signInWith(p, ctx.language)}</button>
</form>`;
}

function credentialsForm(p: PageProvider, i: number, ctx: FormContext): SafeHtml {
  return html`<form method="post" action="${p.callbackUrl}">
${hiddenFormFields(ctx)}
${credentialFields(p.credentials, i, ctx.language)}<button type="submit">${p.submitLabel ?? signInWith(p, ctx.language)}</button>
</form>`;
}

// The passkey client script finds this form by its data attribute, runs the browser ceremony
// and posts the result to `action`. Without the script the form does nothing useful.
function webauthnForm(p: PageProvider, i: number, ctx: FormContext): SafeHtml {
  return html`<form method="post" action="${p.callbackUrl}" data-latch-webauthn="${p.id}">
${hiddenFormFields(ctx)}
${credentialFields(p.credentials, i, ctx.language)}${providerButton(p, i, ctx.language)}
</form>`;
}

function providerForm(p: PageProvider, i: number, ctx: FormContext): SafeHtml {
  switch (p.type) {
    case "oauth":
    case "oidc":
      return oauthForm(p, i, ctx);
    case "email":
      return emailForm(p, i, ctx);
    case "credentials":
      return credentialsForm(p, i, ctx);
    case "webauthn":
      return webauthnForm(p, i, ctx);
  }
}

/** Consecutive oauth/oidc buttons share a group; every other form is a group of its own. */
function groupForms(providers: PageProvider[], ctx: FormContext): SafeHtml[][] {
  const groups: SafeHtml[][] = [];
  let previousWasButton = false;
  providers.forEach((p, i) => {
    const isButton = p.type === "oauth" || p.type === "oidc";
    const form = p.after ? html`${providerForm(p, i, ctx)}${p.after}` : providerForm(p, i, ctx);
    const last = groups[groups.length - 1];
    if (isButton && previousWasButton && last) last.push(form);
    else groups.push([form]);
    previousWasButton = isButton;
  });
  return groups;
}

/** Each provider's button colours, each where the browser knows it. */
function providerCss(providers: PageProvider[]): string {
  return providers
    .map((p, i) => {
      const bg = colorSyntax(p.style?.bg);
      const text = colorSyntax(p.style?.text);
      return (bg ? whereColorsKnown([bg], `.provider-${i}`, `--p-bg:${bg}`) : "") + (text ? whereColorsKnown([text], `.provider-${i}`, `--p-text:${text}`) : "");
    })
    .join("");
}

function errorAlert(error: string | undefined, code: string | undefined, language: PageLanguage): SafeHtml | "" {
  if (!error) return "";
  const shownCode = error === "CredentialsSignin" && code !== "credentials" ? displayableCode(code) : undefined;
  return html`<div class="alert" role="alert">
<p>${signInErrorMessage(error, language)}</p>
${shownCode ? html`<p class="code">${language.text("signInReason", { code: shownCode })}</p>\n` : ""}</div>
`;
}

/**
 * Renders the sign-in page (status 200): an error message when `error` is set, then a form for
 * each provider in the order given, with separators between groups of forms.
 *
 * @example
 * ```ts
 * const { status, html } = renderSignInPage({
 *   providers: [{ id: "github", name: "GitHub", type: "oauth",
 *     signinUrl: `${base}/signin/github`, callbackUrl: `${base}/callback/github` }],
 *   csrfToken, callbackUrl: origin, theme: {},
 * });
 * ```
 */
export function renderSignInPage(props: SignInPageProps): RenderedPage {
  const language = props.language ?? pageLanguage();
  const ctx: FormContext = { csrfToken: props.csrfToken, callbackUrl: props.callbackUrl, email: props.email, language };
  const groups = [...groupForms(props.providers, ctx).map((forms) => html`<div class="stack">\n${forms.map((f) => html`${f}\n`)}</div>\n`), ...(props.forms ?? [])];
  const sections = groups.map((g, i) => (i === 0 ? g : html`<p class="divider">${language.text("signInOr")}</p>\n${g}`));
  const body = html`${props.before ?? ""}${errorAlert(props.error, props.code, language)}${
    sections.length > 0 ? sections : html`<p>${language.text("signInNoProviders")}</p>\n`
  }`;
  const page = renderDocument({
    title: language.text("signInTitle"),
    theme: props.theme,
    body,
    extraCss: providerCss(props.providers),
    scripts: props.scripts,
    nonce: props.nonce,
    language,
  });
  return { status: 200, html: page };
}
