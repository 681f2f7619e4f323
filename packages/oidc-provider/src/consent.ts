/**
 * The pages the provider shows, in the frame of Latch's built-in pages (`@latch/core/page-frame`):
 * the consent page (which client asks, for which account, what it may do; allow or deny), the
 * logout question and the signed-out page.
 */
import type { IncomingMessage } from "node:http";
import type { AuthConfig, Theme } from "@latch/core";
import { choosePageSentences, html, renderPage, type PageSentences } from "@latch/core/page-frame";
import { providerSentences, scopeKeys, type ProviderSentenceKey } from "./sentences.js";

/** The provider's sentences in the language of `req`, chosen as Latch's pages choose theirs (the config's `languages` and `locale`, else `Accept-Language`). */
export function sentencesFor(config: Pick<AuthConfig, "languages" | "locale">, issuer: string, req: IncomingMessage): Promise<PageSentences<ProviderSentenceKey>> {
  const headers = new Headers();
  for (const name of ["accept-language", "cookie"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return choosePageSentences(config, new Request(new URL(req.url ?? "/", issuer), { headers }), providerSentences);
}

/** The words of `scope`: the provider's own for the OpenID scopes, the app's for a resource's (`resources[…].scopes`), else the scope itself. */
export function scopeWords(scope: string, sentences: PageSentences<ProviderSentenceKey>, appWords: Readonly<Record<string, string>>): string {
  const key = scopeKeys[scope];
  return key ? sentences.text(key) : appWords[scope] ?? scope;
}

/** What {@link consentPage} shows. */
export interface ConsentParts {
  readonly clientName: string;
  /** The host that vouches for the name: a client named by its metadata document's URL says its own name, so the page shows where the document is. */
  readonly clientHost?: string;
  readonly scopes: readonly { readonly scope: string; readonly words: string }[];
  readonly account: string;
  readonly confirm: string;
  readonly abort: string;
  readonly notYou: string;
  readonly csrfToken: string;
  readonly sentences: PageSentences<ProviderSentenceKey>;
  readonly theme?: Theme;
  readonly nonce?: string;
}

// Two buttons side by side, the refusal drawn as a secondary one.
const extraCss = `.choices{display:flex;gap:.75rem;margin-top:1.5rem}.choices form{flex:1}button.secondary{background:transparent;color:inherit;border-color:currentColor}.account{opacity:.8}ul.scopes{padding-inline-start:1.25rem}ul.scopes li{margin:.25rem 0}`;

/** The HTML of the consent page (every value escaped; both forms carry the CSRF token). */
export function consentPage(parts: ConsentParts): string {
  const token = html`<input type="hidden" name="csrfToken" value="${parts.csrfToken}">`;
  const t = parts.sentences;
  // A client named by its metadata document: the host the document came from stands beside the name it gives itself.
  const client = html`<strong>${parts.clientName}</strong>${parts.clientHost ? html` (<strong class="client-host">${parts.clientHost}</strong>)` : ""}`;
  const body = html`<p class="account">${t.parts("signedInAs", { account: html`<strong>${parts.account}</strong>` })} <a href="${parts.notYou}">${t.text("notYou")}</a></p>
<p>${t.parts("asksTo", { client })}</p>
<ul class="scopes">${parts.scopes.map(({ scope, words }) => html`<li data-scope="${scope}">${words}</li>`)}</ul>
<div class="choices"><form method="post" action="${parts.abort}">${token}<button type="submit" class="secondary">${t.text("deny")}</button></form>
<form method="post" action="${parts.confirm}">${token}<button type="submit" class="allow">${t.text("allow")}</button></form></div>`;
  return renderPage({ title: t.text("consentTitle", { client: parts.clientName }), body, theme: parts.theme, nonce: parts.nonce, extraCss, language: t.language });
}

/** The page that asks before an RP-initiated logout; `form` is the provider's own (its action and XSRF field, built by oidc-provider). */
export function logoutPage(form: string, host: string, sentences: PageSentences<ProviderSentenceKey>, theme?: Theme): string {
  const t = sentences;
  const body = html`<p>${t.text("logoutQuestion", { host })}</p>`;
  const page = renderPage({ title: t.text("logoutTitle"), body, theme, extraCss, language: t.language });
  // The provider's form is markup it built and escaped; the buttons submit it by its id.
  const buttons = `${form}${html`<div class="choices"><button type="submit" form="op.logoutForm" class="secondary">${t.text("staySignedIn")}</button><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${t.text("signOut")}</button></div>`}`;
  return page.replace("</main>", `${buttons}\n</main>`);
}

/** The page after a logout with no way back to the app. */
export function signedOutPage(sentences: PageSentences<ProviderSentenceKey>, theme?: Theme): string {
  return renderPage({ title: sentences.text("signedOutTitle"), body: html`<p>${sentences.text("signedOutBody")}</p>`, theme, language: sentences.language });
}
