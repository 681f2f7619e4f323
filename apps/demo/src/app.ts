import express, { type Express } from "express";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import { demoProviders } from "./providers.js";
import { homePage, protectedPage } from "./views.js";

/** What the demo app is built from. */
export interface DemoOptions {
  /** The app's origin, e.g. http://localhost:3000. */
  origin: string;
  secret: string | undefined;
  /** Extra Latch options (an adapter, more providers). */
  auth?: Partial<ExpressAuthConfig>;
}

/** The demo's Latch configuration. */
export function demoAuthConfig(options: DemoOptions): ExpressAuthConfig {
  return {
    secret: options.secret,
    trustHost: true,
    providers: demoProviders({ origin: options.origin }),
    theme: { brandColor: "#0b57d0", buttonText: "#ffffff" },
    ...options.auth,
  };
}

/** The demo app: Latch on /auth, a home page and a protected page. */
export function createDemoApp(options: DemoOptions): { app: Express; authConfig: ExpressAuthConfig } {
  const authConfig = demoAuthConfig(options);
  const app = express();
  app.set("trust proxy", "loopback");
  app.use("/auth", ExpressAuth(authConfig));

  app.get("/", async (req, res, next) => {
    try {
      res.type("html").send(homePage(await getSession(req, authConfig)));
    } catch (error) {
      next(error);
    }
  });

  // The per-route authorisation pattern: no session (or no user) → the sign-in page.
  app.get("/protected", async (req, res, next) => {
    try {
      const session = await getSession(req, authConfig);
      if (!session?.user) return res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
      res.type("html").send(protectedPage(session));
    } catch (error) {
      next(error);
    }
  });
  return { app, authConfig };
}
