/**
 * Loads Auth.js (`@auth/core`) from bench/authjs/node_modules, resolved explicitly from there and
 * imported through a computed path, so that the workspace neither depends on it nor needs its
 * types: the few parts used are typed here.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { Contender, DecodeParams, EncodeParams } from "./contender.js";
import { authJsDir, ensureAuthJs, pinnedVersion } from "./authjs-install.js";
import { secret, user } from "./fixtures.js";

/** The parts of `@auth/core` the bench uses. */
interface AuthJsCore {
  Auth(request: Request, config: Record<string, unknown>): Promise<Response>;
}
interface AuthJsJwt {
  encode(params: EncodeParams): Promise<string>;
  decode(params: DecodeParams): Promise<Record<string, unknown> | null>;
}
interface AuthJsCredentials {
  default(options: { authorize: () => unknown }): unknown;
}

async function importFrom<T>(specifier: string, exportName: keyof T & string): Promise<T> {
  const path = createRequire(`${authJsDir}package.json`).resolve(specifier);
  const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  if (typeof mod[exportName] !== "function") throw new Error(`${specifier} has no ${exportName}()`);
  return mod as T;
}

/** Auth.js as a {@link Contender}, or why it is not available. */
export async function authJs(): Promise<Contender | { skipped: string }> {
  const failure = await ensureAuthJs();
  if (failure) return { skipped: failure };
  try {
    const core = await importFrom<AuthJsCore>("@auth/core", "Auth");
    const jwt = await importFrom<AuthJsJwt>("@auth/core/jwt", "encode");
    const credentials = await importFrom<AuthJsCredentials>("@auth/core/providers/credentials", "default");
    const config = {
      secret,
      trustHost: true,
      session: { strategy: "jwt" },
      providers: [credentials.default({ authorize: () => user })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    };
    return {
      name: "Auth.js",
      label: `@auth/core ${pinnedVersion()}`,
      handle: (request) => core.Auth(request, config),
      encode: (params) => jwt.encode(params),
      decode: (params) => jwt.decode(params),
    };
  } catch (error) {
    return { skipped: `@auth/core could not be loaded from bench/authjs: ${(error as Error).message}` };
  }
}
