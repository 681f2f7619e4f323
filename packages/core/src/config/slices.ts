// Named slices of the resolved context: what a function reads, in its signature. A function takes
// the slice it needs (or an intersection of slices, or `Pick<AuthContext, …>` for a one-off need),
// so its type says which parts of the configuration it depends on; callers still hand it the whole
// context. `packages/core/test/context-slices.test.ts` counts the parameters still typed as the
// whole `AuthContext` and checks that every slice here is used.
import type { AuthContext } from "./context.js";

/** Drawing one of Latch's pages, or the URL of one (the app's `pages` win): where Latch is served, and the theme. */
export type PageContext = Pick<AuthContext, "baseUrl" | "origin" | "pages" | "theme">;

/** Choosing the language of a page or a mail, and its sentences (the app's overrides included). */
export type LanguageContext = Pick<AuthContext, "languages" | "locale" | "messages">;

/** Latch's own cookies: their names and options, and the secrets that seal or sign their values. */
export type CookieContext = Pick<AuthContext, "secrets" | "cookies" | "useSecureCookies">;

/** Reading the session of a request under either strategy: the cookie, the token's keys, the adapter, the callbacks and events, the features that add fields to it. */
export type SessionReadContext = Pick<AuthContext, "secrets" | "cookies" | "session" | "jwt" | "callbacks" | "events" | "logger" | "adapter" | "features">;

/** Which second factors a user has and may answer with: the option, the adapter's factors, the email provider. */
export type SecondFactorContext = Pick<AuthContext, "providers" | "adapter" | "secondFactor">;
