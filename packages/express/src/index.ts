/**
 * Latch for Express 4 and 5: mount `ExpressAuth(config)` on `/auth/*` and read sessions with
 * `getSession(req, config)`.
 *
 * @example
 * ```ts
 * import express from "express"
 * import { ExpressAuth, getSession } from "@latch/express"
 * import Credentials from "@latch/core/providers/credentials"
 *
 * const authConfig = { providers: [Credentials({ authorize })] }
 * const app = express()
 * app.set("trust proxy", true) // behind a proxy, so https is detected
 * app.use("/auth", ExpressAuth(authConfig))
 * app.get("/me", async (req, res) => res.json(await getSession(req, authConfig)))
 * ```
 * @module @latch/express
 */
import { Auth, setClientAddress, type Session } from "@latch/core";
import type { SessionOf } from "@latch/core/plugins";
import type { NextFunction, Request, Response } from "express";
import { prepareConfig, type ExpressAuthConfig } from "./config.js";
import { InvalidRequest } from "@latch/core/errors";
import { isPluginPath, mountPathOf, originOf, toWebRequest } from "./request.js";
import { sendWebResponse } from "./response.js";
import { readSession, warnOnOtherHost } from "@latch/core/integration";

export type { ExpressAuthConfig } from "./config.js";
// The names `@auth/express` exports, so that an app moves over by changing the package name.
export type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

/** What {@link getSession} resolves to, under the name `@auth/express` gives it. */
export type GetSessionResult = Promise<Session | null>;

/** A config, or a function of the request that returns one (for per-request configuration). */
export type ExpressAuthConfigInput = ExpressAuthConfig | ((req: Request) => ExpressAuthConfig | PromiseLike<ExpressAuthConfig>);

/** Where the middleware is mounted unless the config says otherwise. */
const defaultMountPath = "/auth";

function env(): Record<string, string | undefined> {
  return process.env;
}

async function configFor(input: ExpressAuthConfigInput, req: Request, mountPath: string): Promise<ExpressAuthConfig> {
  const config = typeof input === "function" ? await input(req) : input;
  return prepareConfig(config, mountPath, env());
}

/**
 * The Latch middleware. Mount it on the path Latch serves (`/auth` by default); its mount path
 * becomes `basePath` unless the config sets one.
 */
export function ExpressAuth(config: ExpressAuthConfigInput): (req: Request, res: Response, next: NextFunction) => Promise<void> {
  return async (req, res, next) => {
    // Read before the body: a request cut off for its size has no socket afterwards.
    const peer = req.socket?.remoteAddress;
    try {
      const ready = await configFor(config, req, mountPathOf(req));
      warnOnOtherHost((name) => req.get(name), ready);
      let request: globalThis.Request;
      try {
        request = await toWebRequest(req, originOf(req, ready.siteUrl), isPluginPath(req.path, ready));
      } catch (error) {
        // A malformed request is answered here, never handed to Express's error handler (which
        // prints stack traces outside production).
        if (!(error instanceof InvalidRequest)) throw error;
        res.status(error.status).json({ error: error.type, message: error.message });
        return;
      }
      // The peer of the socket, never a header: rate limits read forwarded headers only behind
      // the proxies the config trusts (`RateLimit({ clientAddress: { trustedProxies } })`).
      setClientAddress(request, peer);
      await sendWebResponse(await Auth(request, ready), res);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The session of the request, or `null` (also for a request whose `Host` or protocol is
 * malformed, and, with API keys on, for a request whose key is refused: `verifyApiKey` of
 * `@latch/core/api-keys` tells why); its type carries the fields of the config's `plugins`. The config must be the one given to {@link ExpressAuth} (its `basePath` defaults
 * to `/auth`).
 *
 * Throws `MissingSecretError` (`type` `"MissingSecret"`) when neither the config nor `AUTH_SECRET`
 * gives a secret, and an `AuthError` when the session cannot be read for another reason. (The
 * middleware answers the same faults with the error page instead.)
 *
 * @example
 * ```ts
 * app.get("/dashboard", async (req, res) => {
 *   const session = await getSession(req, authConfig)
 *   if (!session?.user) return res.redirect("/auth/signin")
 *   res.send(`Hello ${session.user.name ?? session.user.email}`)
 * })
 * ```
 */
export async function getSession<Config extends ExpressAuthConfig = ExpressAuthConfig>(
  req: Request,
  config: Config | ((req: Request) => Config | PromiseLike<Config>),
): Promise<SessionOf<Config> | null> {
  // The same prepared config as the middleware mounted on the default path, so that core's
  // per-config work (provider merging, checks, warnings) is done once for both.
  const ready = await configFor(config, req, defaultMountPath);
  warnOnOtherHost((name) => req.get(name), ready);
  let origin: string;
  try {
    origin = originOf(req, ready.siteUrl);
  } catch (error) {
    // A request whose Host or protocol is malformed has no session to show.
    if (error instanceof InvalidRequest) return null;
    throw error;
  }
  const header = (name: string) => req.headers[name] as string | undefined;
  return (await readSession(header, { origin, basePath: ready.basePath ?? defaultMountPath, config: ready })) as SessionOf<Config> | null;
}
