/**
 * The inputs and output of the built-in pages. The request handler builds these props from
 * the resolved configuration; the render functions are pure and never read anything else.
 *
 * @module pages/types
 */
import type { ProviderType } from "../types/entities.js";
import type { ProviderStyle, CredentialInput } from "../types/providers.js";
import type { SafeHtml } from "../security/escape.js";
import type { Theme } from "../types/theme.js";
import type { PageLanguage } from "./language.js";

/**
 * A provider as the sign-in page shows it.
 *
 * @example
 * ```ts
 * const github: PageProvider = {
 *   id: "github", name: "GitHub", type: "oauth", style: { bg: "#24292f", text: "#fff" },
 *   signinUrl: "https://app.example/auth/signin/github",
 *   callbackUrl: "https://app.example/auth/callback/github",
 * };
 * ```
 */
export interface PageProvider {
  /** Provider id, as in `/signin/<id>`. */
  id: string;
  /** Human name shown on the button. */
  name: string;
  /** Decides which form is rendered. */
  type: ProviderType;
  /** Button colours and logo. Colours are validated; invalid ones fall back to the defaults. */
  style?: ProviderStyle;
  /** `<base>/signin/<id>`: where oauth, oidc and email forms POST. */
  signinUrl: string;
  /** `<base>/callback/<id>`: where the credentials form POSTs, and the webauthn form's target. */
  callbackUrl: string;
  /** Credentials (and webauthn) providers: one input per entry, keyed by field name. */
  credentials?: Record<string, CredentialInput>;
  /** A credentials form's button text, when its feature names it (`Password()`). Default "Sign in with <name>". */
  submitLabel?: string;
  /** Markup after the provider's form, from the feature that serves it (`Password()`: its links). */
  after?: SafeHtml;
}

/**
 * Props of {@link renderSignInPage}.
 *
 * @example
 * ```ts
 * const props: SignInPageProps = {
 *   providers: [github], csrfToken, callbackUrl: "https://app.example/dashboard",
 *   error: url.searchParams.get("error") ?? undefined, theme: {},
 * };
 * ```
 */
export interface SignInPageProps {
  /** Providers, in the order their forms appear. */
  providers: PageProvider[];
  /** Forms after the providers' (the plugins' `signInForm`), each a group of its own. */
  forms?: readonly SafeHtml[];
  /** Sent back in every form as the hidden `csrfToken` field. */
  csrfToken: string;
  /** Sent back in every form as the hidden `callbackUrl` field. */
  callbackUrl: string;
  /** The `error` query parameter: shown as a human sentence above the forms. */
  error?: string;
  /** The `code` query parameter of a `CredentialsSignin` error. */
  code?: string;
  /**
   * A notice or an alert above the forms, from a feature (`Password()`: "your password has been
   * changed" after a reset). Shown before the `error`'s alert.
   */
  before?: SafeHtml;
  /** Prefills the email provider's address field. */
  email?: string;
  /** Colours and logo. */
  theme: Theme;
  /**
   * Trusted module scripts appended to the page, each as a `<script type="module">` block
   * (the passkey client uses this). Never pass user input here.
   */
  scripts?: string[];
  /** CSP nonce put on the page's `<style>` and `<script>` elements. */
  nonce?: string;  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
  /** The plugins' pages of the account, linked below the sessions. Default none. */
  accountPages?: readonly SessionsPageLink[];
}

/**
 * Props of {@link renderSignOutPage}.
 *
 * @example
 * ```ts
 * renderSignOutPage({ csrfToken, action: `${base}/signout`, callbackUrl: origin, theme: {} });
 * ```
 */
export interface SignOutPageProps {
  /** Sent back as the hidden `csrfToken` field. */
  csrfToken: string;
  /** The POST URL: `<base>/signout`. */
  action: string;
  /** Sent back as the hidden `callbackUrl` field. */
  callbackUrl: string;
  /** Colours and logo. */
  theme: Theme;
  /** CSP nonce put on the page's `<style>` element. */
  nonce?: string;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
  /** The plugins' pages of the account, linked below the sessions. Default none. */
  accountPages?: readonly SessionsPageLink[];
}

/**
 * Props of {@link renderErrorPage}.
 *
 * @example
 * ```ts
 * renderErrorPage({ error: "Verification", signInUrl: `${base}/signin`, homeUrl: origin, theme: {} });
 * ```
 */
export interface ErrorPageProps {
  /** The code from `?error=`. Unknown codes get a generic message. */
  error: string;
  /** `<base>/signin`. */
  signInUrl: string;
  /** The origin. */
  homeUrl: string;
  /** Colours and logo. */
  theme: Theme;
  /** CSP nonce put on the page's `<style>` element. */
  nonce?: string;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
  /** The plugins' pages of the account, linked below the sessions. Default none. */
  accountPages?: readonly SessionsPageLink[];
}

/**
 * Props of {@link renderVerifyRequestPage}.
 *
 * @example
 * ```ts
 * renderVerifyRequestPage({ homeUrl: origin, email: "ada@example.com", theme: {} });
 * ```
 */
export interface VerifyRequestPageProps {
  /** The origin. */
  homeUrl: string;
  /** The address the link was sent to, when known. */
  email?: string;
  /** `?type=`: `signup`, `reset` and `email-change` (password emails) get their own sentence; anything else is a sign-in link. */
  type?: string;
  /** Colours and logo. */
  theme: Theme;
  /** CSP nonce put on the page's `<style>` element. */
  nonce?: string;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
  /** The plugins' pages of the account, linked below the sessions. Default none. */
  accountPages?: readonly SessionsPageLink[];
}

/**
 * Props of {@link renderPasswordPage}: which password page, and what its form sends back.
 *
 * @example
 * ```ts
 * const props: PasswordPageProps = { kind: "signup", action: `${base}/signup`, csrfToken, callbackUrl, signInUrl: `${base}/signin`, minimum: 8, maximum: 256, theme: {} };
 * ```
 */
export interface PasswordPageProps {
  /**
   * `signup` (email, name, password), `forgot` (email), `reset` (new password), `change` (current
   * and new password), `emailChange` (new address, and the proof the user can give).
   */
  kind: "signup" | "forgot" | "reset" | "change" | "emailChange";
  /** `emailChange` only: which proof the form asks for (`password`, `code`, or none: a recent sign-in). */
  proof?: "password" | "code";
  /** Where the form POSTs. */
  action: string;
  /** Sent back as the hidden `csrfToken` field. */
  csrfToken: string;
  /** Sent back as the hidden `callbackUrl` field. */
  callbackUrl: string;
  /** The sign-in page, linked under the form. */
  signInUrl: string;
  /** The `error` query parameter: a password rule (`PasswordTooShort`…), `CredentialsSignin` (wrong current password) or another sign-in error. */
  error?: string;
  /** The fewest characters a new password may have. */
  minimum: number;
  /** The most characters a new password may have. */
  maximum: number;
  /** Prefills the address (sign-up, forgot); the reset page sends it back hidden. */
  email?: string;
  /** The reset page only: the token of the link, sent back hidden. */
  token?: string;
  /** Colours and logo. */
  theme: Theme;
  /** CSP nonce put on the page's `<style>` element. */
  nonce?: string;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
  /** The plugins' pages of the account, linked below the sessions. Default none. */
  accountPages?: readonly SessionsPageLink[];
}

/**
 * A page ready to send: the HTTP status and a complete `text/html` document.
 *
 * @example
 * ```ts
 * const { status, html } = renderErrorPage(props);
 * return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
 * ```
 */
export interface RenderedPage {
  /** HTTP status code. */
  status: number;
  /** The whole document, starting with `<!doctype html>`. */
  html: string;
}

/** One row of the sessions page. */
export interface SessionsPageEntry {
  /** The session's opaque id, sent back to end it. */
  id: string;
  /** Browser and platform, or `null` when unknown. */
  userAgent: string | null;
  /** When the session started, or `null` when unknown. */
  createdAt: Date | null;
  /** When it was last extended, or `null` when unknown. */
  lastSeenAt: Date | null;
  /** The client's IP address, when the app records it. */
  ip: string | null;
  /** The session of the browser looking at the page. */
  current: boolean;
}

/** A link of the sessions page to a plugin's page of the account (its `accountPages`). */
export interface SessionsPageLink {
  /** Where it leads: `<base>/<plugin id>/<path>`. */
  href: string;
  /** Its text, in the page's language. */
  label: string;
}

/** What the "your sessions" page needs. */
export interface SessionsPageProps {
  /** The signed-in user's sessions, the current one included. */
  sessions: readonly SessionsPageEntry[];
  /** Sent back as the hidden `csrfToken` field of every form. */
  csrfToken: string;
  /** The POST URL: `<base>/sessions/revoke`. */
  action: string;
  /** Sent back as the hidden `callbackUrl` field. */
  callbackUrl: string;
  /** Colours and logo. */
  theme: Theme;
  /** CSP nonce put on the page's `<style>` element. */
  nonce?: string;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
  /** The plugins' pages of the account, linked below the sessions. Default none. */
  accountPages?: readonly SessionsPageLink[];
}
