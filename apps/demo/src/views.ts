import type { Session } from "@latch/core";
import { webAuthnScript } from "@latch/core/webauthn-script";

/** `value` as text safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `date` for people, e.g. "23 November 2026 at 21:05 UTC" (one time zone, whatever the server's). */
export function formatDate(date: Date | string): string {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return String(date);
  return `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(value)} UTC`;
}

/** What to call a signed-in user: the name, else the email address, else "there". */
export function displayName(user: Session["user"]): string {
  return user?.name || user?.email || "there";
}

/** The demo's icon (a padlock), served at /favicon.ico and linked from every demo page. */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="6" y="14" width="20" height="15" rx="3" fill="#0b57d0"/><path d="M10 14v-4a6 6 0 0 1 12 0v4" fill="none" stroke="#0b57d0" stroke-width="3"/></svg>`;

/** A page of the demo app around `body`. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Latch demo</title><link rel="icon" type="image/svg+xml" href="/favicon.ico">
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
    ? `<p>Hello, <strong>${escapeHtml(displayName(session.user))}</strong>${session.user.email && session.user.name ? ` (<code>${escapeHtml(session.user.email)}</code>)` : ""}.</p>
       <p>Your session lasts until <time datetime="${escapeHtml(session.expires)}">${escapeHtml(formatDate(session.expires))}</time>.</p>
       <p><a href="/auth/signout">Sign out</a></p>`
    : `<p>You are not signed in.</p><p><a href="/auth/signin">Sign in</a></p>`;
  return layout("Home", `<h1>Latch demo</h1><div class="card" id="who">${who}</div>${extras.join("")}`);
}

/** The page only signed-in users see. */
export function protectedPage(session: Session): string {
  return layout("Protected", `<h1>Protected page</h1><div class="card"><p>Only signed-in users see this, ${escapeHtml(displayName(session.user))}.</p>
  <p>The session as <code>/auth/session</code> returns it:</p><pre id="session">${escapeHtml(JSON.stringify(session, null, 2))}</pre></div>`);
}

/** Where the signed-in user sees the browsers signed in to the account and signs any of them out (the built-in page). */
export function sessionsCard(): string {
  return `<div class="card" id="sessions"><p>Signed in on another browser too? See every session of your account and sign out the ones you no longer use.</p>
<p><a href="/auth/sessions">Your sessions</a></p></div>`;
}

/** Where the signed-in user sets up a second factor (the built-in management page). */
export function secondFactorCard(): string {
  return `<div class="card" id="second-factor"><p>Two-step verification: set up an authenticator app (and get backup codes);
the next sign-in then asks for a code after the password, the email link or the provider.</p>
<p><a href="/auth/second-factor/enrol">Manage two-step verification</a></p></div>`;
}

/** "Add a passkey" for the signed-in user: a form the embeddable passkey script drives. */
export function addPasskeyCard(): string {
  return `<div class="card" id="passkeys"><p>Add a passkey to this account, then sign in with it next time.</p>
<form data-latch-webauthn="passkey" data-latch-action="register"><button type="submit">Add a passkey</button></form></div>
<script type="module">${webAuthnScript({ baseUrl: "/auth" })}</script>`;
}

/**
 * Email and password accounts: "Create an account" for visitors, "Change your password" for
 * signed-in users (the pages are Latch's own).
 */
export function passwordCard(signedIn: boolean): string {
  const body = signedIn
    ? `<p>Signed up with an email address and a password? <a href="/auth/password/change?callbackUrl=%2F">Change your password</a>.</p>`
    : `<p>New here? <a href="/auth/signup?callbackUrl=%2F">Create an account</a> with your email address and a password.
Forgot it? <a href="/auth/password/forgot">Reset your password</a>.</p>`;
  return `<div class="card" id="passwords">${body}</div>`;
}

/** Where email sign-in links and codes go in development; signed out, the way to sign in by a code. */
export function outboxHint(signedOut = false): string {
  return `<div class="card" id="outbox-hint"><p>Signing in by email, or creating an account? In development the emails (links and codes) are not sent: they wait in the
<a href="/dev/outbox">outbox</a>.</p>${signedOut ? `<p>Without a link: <a href="/auth/second-factor/email-sign-in">sign in with a code by email</a> (for an address that has an account).</p>` : ""}</div>`;
}
