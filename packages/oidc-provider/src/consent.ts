/**
 * The pages the provider shows, in the frame of Latch's built-in pages (`@latch/core/page-frame`):
 * the consent page (which client asks, for which account, what it may do; allow or deny), the
 * logout question and the signed-out page.
 */
import type { Theme } from "@latch/core";
import { html, renderPage } from "@latch/core/page-frame";

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
  readonly theme?: Theme;
  readonly nonce?: string;
}

// Two buttons side by side, the refusal drawn as a secondary one.
const extraCss = `.choices{display:flex;gap:.75rem;margin-top:1.5rem}.choices form{flex:1}button.secondary{background:transparent;color:inherit;border-color:currentColor}.account{opacity:.8}ul.scopes{padding-inline-start:1.25rem}ul.scopes li{margin:.25rem 0}`;

/** The HTML of the consent page (every value escaped; both forms carry the CSRF token). */
export function consentPage(parts: ConsentParts): string {
  const token = html`<input type="hidden" name="csrfToken" value="${parts.csrfToken}">`;
  const body = html`<p class="account">Signed in as <strong>${parts.account}</strong>. <a href="${parts.notYou}">Not you?</a></p>
<p><strong>${parts.clientName}</strong>${parts.clientHost ? html` (from <strong class="client-host">${parts.clientHost}</strong>)` : ""} asks to:</p>
<ul class="scopes">${parts.scopes.map(({ scope, words }) => html`<li data-scope="${scope}">${words}</li>`)}</ul>
<div class="choices"><form method="post" action="${parts.abort}">${token}<button type="submit" class="secondary">Deny</button></form>
<form method="post" action="${parts.confirm}">${token}<button type="submit" class="allow">Allow</button></form></div>`;
  return renderPage({ title: `Allow ${parts.clientName}?`, body, theme: parts.theme, nonce: parts.nonce, extraCss });
}

/** The page that asks before an RP-initiated logout; `form` is the provider's own (its action and XSRF field, built by oidc-provider). */
export function logoutPage(form: string, host: string, theme?: Theme): string {
  const body = html`<p>Sign out of ${host}? This signs you out of every app that uses this account here.</p>`;
  const page = renderPage({ title: "Sign out?", body, theme, extraCss });
  // The provider's form is markup it built and escaped; the buttons submit it by its id.
  const buttons = `${form}<div class="choices"><button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button></div>`;
  return page.replace("</main>", `${buttons}\n</main>`);
}

/** The page after a logout with no way back to the app. */
export function signedOutPage(theme?: Theme): string {
  return renderPage({ title: "Signed out", body: html`<p>You are signed out. You can close this page.</p>`, theme });
}
