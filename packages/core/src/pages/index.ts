/**
 * The built-in pages: sign in, sign out, error and "check your email". Each render function is
 * pure: it takes plain props and returns the status and a complete HTML document.
 *
 * @example
 * ```ts
 * import { renderErrorPage } from "./pages/index.js";
 * const { status, html } = renderErrorPage({ error: "AccessDenied", signInUrl, homeUrl, theme: {} });
 * return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
 * ```
 *
 * @module pages
 */
export { renderSignInPage } from "./signin.js";
export { renderSignOutPage } from "./signout.js";
export { renderErrorPage } from "./error.js";
export { renderVerifyRequestPage } from "./verify-request.js";
export { chooseLanguage, type PageLanguage } from "./language.js";
export type {
  PageProvider,
  SignInPageProps,
  SignOutPageProps,
  ErrorPageProps,
  VerifyRequestPageProps,
  RenderedPage,
  SessionsPageProps,
  SessionsPageEntry,
} from "./types.js";
