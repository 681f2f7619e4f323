import { Auth, isAuthAction } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";
import type { Handle, RequestEvent } from "@sveltejs/kit";
import { prepareConfig, type PreparedConfig } from "./config.js";
import type { KitEnvironment } from "./kit.js";
import { originOf, toAuthRequest } from "./request.js";
import { readSession, sessionReader } from "./session.js";
import type { SvelteKitAuthConfig } from "./types.js";

/** A config, or a function of the request event that returns one (per-request configuration). */
export type SvelteKitAuthConfigInput = SvelteKitAuthConfig | ((event: RequestEvent) => PromiseLike<SvelteKitAuthConfig> | SvelteKitAuthConfig);

/** The config of `event`, prepared for core with SvelteKit's environment `kit`. */
export async function configFor(input: SvelteKitAuthConfigInput, event: RequestEvent, kit: KitEnvironment): Promise<PreparedConfig> {
  const config = typeof input === "function" ? await input(event) : input;
  return prepareConfig(config, kit);
}

/** `path` is `basePath` + `/<action>[/…]` for an action Latch serves, or `/<plugin id>[/…]` of a configured plugin. */
function isAuthPath(path: string, config: PreparedConfig): boolean {
  if (!path.startsWith(`${config.basePath}/`)) return false;
  const first = path.slice(config.basePath.length + 1).split("/")[0] ?? "";
  return isAuthAction(first) || !!config.plugins?.some((plugin) => plugin.id === first);
}

/** The site's origin (see `originOf`), or why the request names none. */
export function siteOf(event: RequestEvent, config: PreparedConfig): string | InvalidRequest {
  try {
    return originOf(event, config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return error;
    throw error;
  }
}

function refused(error: InvalidRequest): Response {
  return Response.json({ error: error.type, message: error.message }, { status: error.status });
}

/**
 * The request hook of `SvelteKitAuth`: sets `event.locals.auth()` and serves `<basePath>/*`.
 * `kit` gives SvelteKit's environment when called (the one module that reads it is `kit.ts`).
 */
export function createHandle(input: SvelteKitAuthConfigInput, kit: () => KitEnvironment): Handle {
  return async ({ event, resolve }) => {
    const environment = kit();
    if (environment.building) {
      event.locals.auth ??= async () => null;
      event.locals.getSession ??= event.locals.auth;
      return resolve(event);
    }
    const ready = await configFor(input, event, environment);
    const site = siteOf(event, ready);
    // A request whose host is malformed has no session to show.
    event.locals.auth ??= sessionReader(event.cookies, async () => (typeof site === "string" ? readSession(event.cookies, site, ready, event.request.headers.get("authorization"), event.request.headers.get("x-api-key")) : null));
    event.locals.getSession ??= event.locals.auth;
    if (!isAuthPath(event.url.pathname, ready)) return resolve(event);
    if (typeof site !== "string") return refused(site);
    try {
      return await Auth(await toAuthRequest(event, site), ready);
    } catch (error) {
      if (error instanceof InvalidRequest) return refused(error);
      throw error;
    }
  };
}
