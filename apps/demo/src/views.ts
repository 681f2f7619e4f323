import type { Session } from "@latch/core";
import { webAuthnScript } from "@latch/core/webauthn-script";

/** `value` as text safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page of the demo app around `body`. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Latch demo</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1f2328; }
  nav a { margin-right: 1rem; } .card { border: 1px solid #d0d7de; border-radius: 8px; padding: 1rem 1.25rem; margin: 1rem 0; }
  button { font: inherit; padding: .4rem .9rem; border-radius: 6px; border: 1px solid #1f2328; background: #1f2328; color: #fff; cursor: pointer; }
  code { background: #f6f8fa; padding: .1rem .3rem; border-radius: 4px; }
</style></head>
<body><nav><a href="/">Home</a><a href="/protected">Protected page</a></nav><main>${body}</main></body></html>`;
}

/** The home page: who is signed in, with sign-in or sign-out. */
export function homePage(session: Session | null, extras: string[] = []): string {
  const who = session?.user
    ? `<p>Signed in as <strong>${escapeHtml(session.user.name ?? session.user.email)}</strong>${session.user.email ? ` (<code>${escapeHtml(session.user.email)}</code>)` : ""}.</p>
       <p>Session expires ${escapeHtml(session.expires)}.</p>
       <p><a href="/auth/signout">Sign out</a></p>`
    : `<p>You are not signed in.</p><p><a href="/auth/signin">Sign in</a></p>`;
  return layout("Home", `<h1>Latch demo</h1><div class="card" id="who">${who}</div>${extras.join("")}`);
}

/** The page only signed-in users see. */
export function protectedPage(session: Session): string {
  return layout("Protected", `<h1>Protected page</h1><div class="card"><p>Only signed-in users see this, ${escapeHtml(session.user?.name ?? session.user?.email)}.</p>
  <pre id="session">${escapeHtml(JSON.stringify(session, null, 2))}</pre></div>`);
}

/** "Add a passkey" for the signed-in user: a form the embeddable passkey script drives. */
export function addPasskeyCard(): string {
  return `<div class="card" id="passkeys"><p>Add a passkey to this account, then sign in with it next time.</p>
<form data-latch-webauthn="passkey" data-latch-action="register"><button type="submit">Add a passkey</button></form></div>
<script type="module">${webAuthnScript({ baseUrl: "/auth" })}</script>`;
}

/** Where email sign-in links go in development. */
export function outboxHint(): string {
  return `<div class="card" id="outbox-hint"><p>Signing in by email? In development the link is not mailed: it waits in the
<a href="/dev/outbox">outbox</a>.</p></div>`;
}
