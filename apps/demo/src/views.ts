import type { Session } from "@latch/core";
import { webAuthnScript } from "@latch/core/webauthn-script";
import { apiKeyCurlLines, tokenCurlLines } from "./try-tokens.js";
import { demoWords, fill, type DemoWords } from "./words.js";

/** `value` as text safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `date` for people in the page's language, as Latch's own pages write it (Intl, long date, short
 * time, UTC whatever the server's zone): "November 23, 2026 at 9:05 PM UTC", "23. November 2026 um 21:05 UTC".
 */
export function formatDate(date: Date | string, lang = "en"): string {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return String(date);
  return `${new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(value)} UTC`;
}

/** The demo's own explanations are its documentation, in English: shown on English pages only. */
function note(words: DemoWords, text: string): string {
  return words.lang === "en" ? text : "";
}

/** What to call a signed-in user: the name, else the email address, else "there". */
export function displayName(user: Session["user"]): string {
  return user?.name || user?.email || "there";
}

/** The demo's icon (a padlock), served at /favicon.ico and linked from every demo page. */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="6" y="14" width="20" height="15" rx="3" fill="#0b57d0"/><path d="M10 14v-4a6 6 0 0 1 12 0v4" fill="none" stroke="#0b57d0" stroke-width="3"/></svg>`;

/** A page of the demo app around `body`, in the language of `words`. */
export function layout(title: string, body: string, words: DemoWords = demoWords("en")): string {
  return `<!doctype html>
<html lang="${escapeHtml(words.lang)}" dir="${words.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Latch demo</title><link rel="icon" type="image/svg+xml" href="/favicon.ico">
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1f2328; }
  nav a { margin-right: 1rem; } .card { border: 1px solid #d0d7de; border-radius: 8px; padding: 1rem 1.25rem; margin: 1rem 0; }
  button { font: inherit; padding: .4rem .9rem; border-radius: 6px; border: 1px solid #1f2328; background: #1f2328; color: #fff; cursor: pointer; }
  code { background: #f6f8fa; padding: .1rem .3rem; border-radius: 4px; } pre { overflow-x: auto; }
</style></head>
<body><nav><a href="/">${escapeHtml(words.home)}</a><a href="/protected">${escapeHtml(words.protectedPage)}</a></nav><main>${body}</main></body></html>`;
}

/** The home page: who is signed in, with sign-in or sign-out. */
export function homePage(session: Session | null, extras: string[] = [], words: DemoWords = demoWords("en")): string {
  const name = session?.user ? `<strong>${escapeHtml(displayName(session.user))}</strong>${session.user.email && session.user.name ? ` (<code>${escapeHtml(session.user.email)}</code>)` : ""}` : "";
  const until = session ? `<time datetime="${escapeHtml(session.expires)}">${escapeHtml(formatDate(session.expires, words.lang))}</time>` : "";
  const who = session?.user
    ? `<p>${fill(escapeHtml(words.hello), { name })}</p>
       <p>${fill(escapeHtml(words.sessionUntil), { date: until })}</p>
       <p><a href="/auth/signout">${escapeHtml(words.signOut)}</a></p>`
    : `<p>${escapeHtml(words.notSignedIn)}</p><p><a href="/auth/signin">${escapeHtml(words.signIn)}</a></p>`;
  return layout(words.home, `<h1>Latch demo</h1><div class="card" id="who">${who}</div>${extras.join("")}`, words);
}

/** The page only signed-in users see. */
export function protectedPage(session: Session, words: DemoWords = demoWords("en")): string {
  return layout(words.protectedPage, `<h1>${escapeHtml(words.protectedPage)}</h1><div class="card">${note(words, `<p>Only signed-in users see this, ${escapeHtml(displayName(session.user))}.</p>
  <p>The session as <code>/auth/session</code> returns it:</p>`)}<pre id="session">${escapeHtml(JSON.stringify(session, null, 2))}</pre></div>`, words);
}

/** Where the signed-in user sees the browsers signed in to the account and signs any of them out (the built-in page). */
export function sessionsCard(words: DemoWords = demoWords("en")): string {
  return `<div class="card" id="sessions">${note(words, "<p>Signed in on another browser too? See every session of your account and sign out the ones you no longer use.</p>")}
<p><a href="/auth/sessions">${escapeHtml(words.sessions)}</a></p></div>`;
}

/** Where the signed-in user sets up a second factor (the built-in management page). */
export function secondFactorCard(words: DemoWords = demoWords("en")): string {
  return `<div class="card" id="second-factor">${note(words, `<p>Set up an authenticator app (and get backup codes);
the next sign-in then asks for a code after the password, the email link or the provider.</p>`)}
<p><a href="/auth/second-factor/enrol">${escapeHtml(words.twoStep)}</a></p></div>`;
}

/** "Add a passkey" for the signed-in user: a form the embeddable passkey script drives. */
export function addPasskeyCard(words: DemoWords = demoWords("en")): string {
  return `<div class="card" id="passkeys">${note(words, "<p>Add a passkey to this account, then sign in with it next time.</p>")}
<form data-latch-webauthn="passkey" data-latch-action="register"><button type="submit">${escapeHtml(words.addPasskey)}</button></form></div>
<script type="module">${webAuthnScript({ baseUrl: "/auth" })}</script>`;
}

/**
 * Email and password accounts: "Create an account" and "Reset your password" for visitors;
 * "Change your password" for a signed-in user who has a password (one who signed in another way
 * has none to change). The pages are Latch's own.
 */
export function passwordCard(signedIn: boolean, hasPassword = false, words: DemoWords = demoWords("en")): string {
  if (signedIn && !hasPassword) return "";
  const body = signedIn
    ? `<p><a href="/auth/password/change?callbackUrl=%2F">${escapeHtml(words.changePassword)}</a></p>`
    : `${note(words, "<p>New here? Create an account with your email address and a password.</p>")}
<p><a href="/auth/signup?callbackUrl=%2F">${escapeHtml(words.createAccount)}</a> · <a href="/auth/password/forgot">${escapeHtml(words.resetPassword)}</a></p>`;
  return `<div class="card" id="passwords">${body}</div>`;
}

/** Where email sign-in links and codes go in development; signed out, the way to sign in by a code. */
export function outboxHint(signedOut = false, words: DemoWords = demoWords("en")): string {
  return `<div class="card" id="outbox-hint">${note(words, `<p>Signing in by email, or creating an account? In development the emails (links and codes) are not sent: they wait in the outbox.</p>`)}
<p><a href="/dev/outbox">${escapeHtml(words.outbox)}</a></p>${signedOut ? note(words, `<p>Without a link: <a href="/auth/second-factor/email-sign-in">sign in with a code by email</a> (for an address that has an account).</p>`) : ""}</div>`;
}

/** Bearer sessions and signed access tokens, tried from a terminal: the curl lines for this demo's address. */
export function tokensCard(origin: string, words: DemoWords = demoWords("en")): string {
  return `<div class="card" id="tokens">${note(words, `<p>Apps and scripts keep no cookies: they sign in for a session token and send it as
<code>Authorization: Bearer</code>. Try it from a terminal (each line once, in order):</p>`)}
<pre>${escapeHtml(tokenCurlLines(origin).join("\n"))}</pre></div>`;
}

/** The card with the curl lines that make an API key, use it and revoke it. */
export function apiKeysCard(origin: string, words: DemoWords = demoWords("en")): string {
  return `<div class="card" id="api-keys">${note(words, `<p>API keys are for scripts and services that act for you: make one while signed in, and send it
as <code>x-api-key</code>. Try it from a terminal (each line once, in order):</p>`)}
<pre>${escapeHtml(apiKeyCurlLines(origin).join("\n"))}</pre></div>`;
}
