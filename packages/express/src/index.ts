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
import { Auth, type Session } from "@latch/core";
import type { NextFunction, Request, Response } from "express";
import { prepareConfig, type ExpressAuthConfig } from "./config.js";
import { mountPathOf, originOf, toWebRequest } from "./request.js";
import { sendWebResponse } from "./response.js";

export type { ExpressAuthConfig } from "./config.js";
export type { Session, User, AuthConfig } from "@latch/core";
export { AuthError, CredentialsSignin } from "@latch/core";

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
    try {
      const ready = await configFor(config, req, mountPathOf(req));
      const request = await toWebRequest(req, originOf(req, env()));
      await sendWebResponse(await Auth(request, ready), res);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The session of the request, or `null`. The config must be the one given to {@link ExpressAuth}
 * (its `basePath` defaults to `/auth`).
 *
 * @example
 * ```ts
 * app.get("/dashboard", async (req, res) => {
 *   const session = await getSession(req, authConfig)
 *   if (!session?.user) return res.redirect("/auth/signin")
 *   res.send(`Hello ${session.user.name}`)
 * })
 * ```
 */
export async function getSession(req: Request, config: ExpressAuthConfigInput): Promise<Session | null> {
  // The same prepared config as the middleware mounted on the default path, so that core's
  // per-config work (provider merging, checks, warnings) is done once for both.
  const ready = await configFor(config, req, defaultMountPath);
  const basePath = ready.basePath ?? defaultMountPath;
  const url = new URL(`${basePath}/session`, originOf(req, env()));
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  const response = await Auth(new Request(url, { headers }), ready);
  const data = (await response.json()) as Session | null | { message?: string };
  if (response.status === 200) return (data && Object.keys(data).length ? data : null) as Session | null;
  throw new Error((data as { message?: string } | null)?.message ?? `Reading the session failed with status ${response.status}.`);
}
