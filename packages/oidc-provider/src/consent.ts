/** The consent page: which client asks, for which account, what it may do; allow or deny. */

/** What {@link consentPage} shows. */
export interface ConsentParts {
  readonly clientName: string;
  readonly scopes: readonly { readonly scope: string; readonly words: string }[];
  readonly account: string;
  readonly confirm: string;
  readonly abort: string;
  readonly notYou: string;
  readonly csrfToken: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const styles = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f4f6;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:2rem;max-width:22rem;width:100%}
h1{font-size:1.25rem;margin:0 0 1rem}ul{padding-left:1.25rem}li{margin:.25rem 0}
.account{color:#4b5563;font-size:.9rem}.buttons{display:flex;gap:.5rem;margin-top:1.5rem}
button{flex:1;padding:.6rem;border-radius:8px;border:1px solid #d1d5db;font-size:1rem;cursor:pointer;background:#fff}
button.allow{background:#111827;color:#fff;border-color:#111827}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}.card{background:#1f2937}.account{color:#d1d5db}button{background:#374151;color:#f9fafb;border-color:#4b5563}button.allow{background:#f9fafb;color:#111827}}`;

function frame(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${styles}</style></head>
<body><main class="card"><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** The page that asks before an RP-initiated logout; `form` is the provider's (its action and XSRF field). */
export function logoutPage(form: string, host: string): string {
  return frame(
    "Sign out?",
    `<p>Sign out of ${escape(host)}? This signs you out of every app that uses this account here.</p>${form}
<div class="buttons"><button type="submit" form="op.logoutForm">Stay signed in</button><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout" class="allow">Sign out</button></div>`,
  );
}

/** The page after a logout with no way back to the app. */
export function signedOutPage(): string {
  return frame("Signed out", "<p>You are signed out. You can close this page.</p>");
}

/** The HTML of the consent page (every value escaped; the forms carry the CSRF token). */
export function consentPage(parts: ConsentParts): string {
  const items = parts.scopes.map(({ scope, words }) => `<li data-scope="${escape(scope)}">${escape(words)}</li>`).join("");
  const token = `<input type="hidden" name="csrfToken" value="${escape(parts.csrfToken)}">`;
  return `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Allow ${escape(parts.clientName)}?</title><style>${styles}</style></head>
<body><main class="card"><h1>${escape(parts.clientName)} wants to use your account</h1>
<p class="account">Signed in as <strong>${escape(parts.account)}</strong>. <a href="${escape(parts.notYou)}">Not you?</a></p>
<p>It asks to:</p><ul>${items}</ul>
<div class="buttons"><form method="post" action="${escape(parts.abort)}">${token}<button type="submit">Deny</button></form>
<form method="post" action="${escape(parts.confirm)}">${token}<button type="submit" class="allow">Allow</button></form></div></main></body></html>`;
}
