import express, { type Express } from "express";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import { AccessTokens } from "@latch/core/access-tokens";
import { ApiKeys } from "@latch/core/api-keys";
import { BearerSessions } from "@latch/core/bearer";
import { SecondFactors } from "@latch/core/second-factors";
import { SessionControl } from "@latch/core/sessions";
import { languages } from "@latch/core/languages";
import type { DemoOidcClient } from "./demo-oidc.js";
import { Outbox, outboxEnabled } from "./outbox.js";
import { demoLanguageCodes, demoWords } from "./words.js";
import { demoProviders } from "./providers.js";
import { addPasskeyCard, apiKeysCard, faviconSvg, homePage, outboxHint, passwordCard, protectedPage, secondFactorCard, sessionsCard, tokensCard } from "./views.js";

/** What the demo app is built from. */
export interface DemoOptions {
  secret: string | undefined;
  /** Extra Latch options (an adapter, more providers). */
  auth?: Partial<ExpressAuthConfig>;
  /** Where the Email provider delivers; by default one outside production when there is an adapter. */
  outbox?: Outbox;
  /** The built-in demo OpenID Provider (see `startDemoOpenIDProvider`), for "Sign in with Demo OpenID". */
  demoOidc?: DemoOidcClient;
}

/** The demo's Latch configuration. */
export function demoAuthConfig(options: DemoOptions): ExpressAuthConfig {
  // Passkeys are stored through the adapter, so they are offered only when there is one.
  const passkeys = !!options.auth?.adapter;
  // Passwords too, and their emails (sign-up, reset) wait in the outbox.
  const passwords = !!options.auth?.adapter && !!options.outbox;
  return {
    secret: options.secret,
    trustHost: true,
    providers: demoProviders({ outbox: options.outbox, demoOidc: options.demoOidc, passkeys, passwords }),
    theme: { brandColor: "#0b57d0", buttonText: "#ffffff" },
    // Every shipped language: the pages and emails follow the browser's Accept-Language.
    languages,
    ...(passkeys ? { experimental: { enableWebAuthn: true } } : {}),
    // Sessions are stored through the adapter: the user sees where they are signed in
    // (/auth/sessions) and can sign out any one of them. Apps and scripts that keep no cookies
    // sign in with `X-Auth-Return-Token: 1` and send the session as `Authorization: Bearer`.
    session: options.auth?.adapter ? { strategy: "database", control: SessionControl(), bearer: BearerSessions() } : { bearer: BearerSessions() },
    // GET /auth/token gives the signed-in caller a short-lived JWT that other services verify with
    // the keys of GET /auth/jwks (stored through the adapter when there is one).
    accessTokens: AccessTokens(),
    // Each user can make API keys for scripts and services (POST /auth/api-keys/create), stored
    // through the adapter as the SHA-256 of their secret; a request with `x-api-key` reads its
    // owner's session.
    ...(options.auth?.adapter ? { apiKeys: ApiKeys() } : {}),
    // Second factors are stored through the adapter too: an authenticator app and backup codes,
    // and codes by email (to the outbox) for addresses an email sign-in proved.
    ...(options.auth?.adapter
      ? {
          secondFactor: SecondFactors({
            factors: options.outbox ? ["totp", "backup", "email"] : ["totp", "backup"],
            rememberDevice: { maxAge: 30 * 24 * 60 * 60 },
            ...(options.outbox ? { sendCode: options.outbox.deliverCode } : {}),
          }),
        }
      : {}),
    ...options.auth,
  };
}

/** Whether the account of `email` has a password to change (one made by a provider or an email link has none). */
async function hasPassword(config: ExpressAuthConfig, email: string | null | undefined): Promise<boolean> {
  const adapter = config.adapter;
  if (!email || !adapter?.getUserByEmail || !adapter.getPassword) return false;
  const user = await adapter.getUserByEmail(email);
  return !!user && !!(await adapter.getPassword(user.id));
}

/** The demo app: Latch on /auth, a home page and a protected page. */
export function createDemoApp(options: DemoOptions): { app: Express; authConfig: ExpressAuthConfig; outbox?: Outbox } {
  const outbox = options.outbox ?? (outboxEnabled(process.env) && options.auth?.adapter ? new Outbox() : undefined);
  const authConfig = demoAuthConfig({ ...options, outbox });
  const app = express();
  app.set("trust proxy", "loopback");
  // Browsers ask every page for /favicon.ico, Latch's built-in pages included.
  app.get("/favicon.ico", (_req, res) => {
    res.set("cache-control", "public, max-age=86400").type("image/svg+xml").send(faviconSvg);
  });
  app.use("/auth", ExpressAuth(authConfig));
  if (outbox) app.get("/dev/outbox", outbox.page);

  app.get("/", async (req, res, next) => {
    try {
      const session = await getSession(req, authConfig);
      // The demo's labels follow the browser's languages, as Latch's pages do.
      const words = demoWords(req.acceptsLanguages(demoLanguageCodes));
      const extras = [];
      if (authConfig.providers.some((p) => typeof p !== "function" && p.id === "password")) extras.push(passwordCard(!!session?.user, await hasPassword(authConfig, session?.user?.email), words));
      if (session?.user && authConfig.session?.control) extras.push(sessionsCard(words));
      if (session?.user && authConfig.secondFactor) extras.push(secondFactorCard(words));
      if (session?.user && authConfig.experimental?.enableWebAuthn) extras.push(addPasskeyCard(words));
      if (outbox) extras.push(outboxHint(!session?.user, words));
      extras.push(tokensCard(`${req.protocol}://${req.get("host")}`, words));
      if (authConfig.apiKeys) extras.push(apiKeysCard(`${req.protocol}://${req.get("host")}`, words));
      res.type("html").send(homePage(session, extras, words));
    } catch (error) {
      next(error);
    }
  });

  // The per-route authorisation pattern: no session (or no user) → the sign-in page.
  app.get("/protected", async (req, res, next) => {
    try {
      const session = await getSession(req, authConfig);
      if (!session?.user) return res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
      res.type("html").send(protectedPage(session, demoWords(req.acceptsLanguages(demoLanguageCodes))));
    } catch (error) {
      next(error);
    }
  });
  return { app, authConfig, outbox };
}
