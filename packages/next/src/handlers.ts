import { Auth } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";
import { takesOtherMethods } from "@latch/core/integration";
import type { NextRequest } from "next/server";
import { configFor, type NextAuthConfigInput } from "./config.js";
import { toAuthRequest } from "./request.js";

/** The Route Handlers of `app/api/auth/[...nextauth]/route.ts`. */
export interface RouteHandlers {
  /** Pages, session, CSRF token, providers, OAuth callbacks. */
  GET: (request: Request) => Promise<Response>;
  /** Sign-in, callbacks, sign-out, session update. */
  POST: (request: Request) => Promise<Response>;
  /** The plugins' endpoints and a feature's (`Scim()`) that answer PUT (`export const { GET, POST, PUT, PATCH, DELETE } = handlers`); 405 elsewhere. */
  PUT: (request: Request) => Promise<Response>;
  /** The plugins' endpoints that answer PATCH; 405 elsewhere. */
  PATCH: (request: Request) => Promise<Response>;
  /** The plugins' endpoints that answer DELETE; 405 elsewhere. */
  DELETE: (request: Request) => Promise<Response>;
}

/** Whether `pathname` is under `<basePath>/<plugin id>` of a configured plugin, or a configured feature's rows that answer PUT, PATCH or DELETE (`Scim()`). */
function isPluginPath(pathname: string, config: { basePath: string; plugins?: readonly { id: string }[] }): boolean {
  if (!pathname.startsWith(`${config.basePath}/`)) return false;
  return takesOtherMethods(pathname.slice(config.basePath.length), config);
}

/** Builds `handlers` of {@link NextAuth}: each request is converted (site origin, path, body) and answered by core. */
export function createHandlers(input: NextAuthConfigInput): RouteHandlers {
  // Typed with the web Request (which Next.js's NextRequest extends), so that the handlers fit the
  // route types of whichever Next.js version the app has.
  const handle = async (request: Request): Promise<Response> => {
    const { config } = await configFor(input, request as NextRequest);
    let converted: Request;
    try {
      converted = await toAuthRequest(request, config.siteUrl, isPluginPath(new URL(request.url).pathname, config));
    } catch (error) {
      if (!(error instanceof InvalidRequest)) throw error;
      return Response.json({ error: error.type, message: error.message }, { status: error.status });
    }
    return Auth(converted, config);
  };
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle };
}
