import { Auth, type Cookie, type Session } from "@latch/core";
import { InvalidRequest, MissingSecretError } from "@latch/core/errors";
import type { PreparedConfig } from "./config.js";
import { siteOrigin } from "./request.js";

/** A session read: the session (or `null`) and the cookies that keep it alive. */
export interface SessionRead {
  session: Session | null;
  cookies: Cookie[];
}

const signedOut = (): SessionRead => ({ session: null, cookies: [] });

/** Throws `MissingSecretError` when neither the config nor `AUTH_SECRET` gives a secret. */
export function assertSecret({ config }: PreparedConfig): void {
  const secrets = config.secret === undefined ? [] : [config.secret].flat().filter(Boolean);
  if (!secrets.length) {
    throw new MissingSecretError("Latch needs a secret: set AUTH_SECRET (or `secret` in the config) to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 33`.");
  }
}

/** Logs through the config's logger (never a cookie or a secret). */
export function logError(prepared: PreparedConfig, code: string, message: string): void {
  const error = prepared.config.logger?.error;
  if (error) error(code, message);
  else console.error(`[latch][error] ${code}`, message);
}

/** The origin of a request given by its headers, or `null` when its host or protocol is malformed. */
export function originOrNull(prepared: PreparedConfig, headers: Headers, protocol: string): string | null {
  try {
    return siteOrigin({ headers, protocol }, prepared.config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return null;
    throw error;
  }
}

/**
 * The session of a request given by its headers (cookies, host), through core's `GET /session`.
 * Fails closed: a malformed host, a configuration error or any other failure gives `null`
 * (logged), never a session. Throws `MissingSecretError` when there is no secret.
 */
export async function readSession(prepared: PreparedConfig, headers: Headers, protocol = "http"): Promise<SessionRead> {
  assertSecret(prepared);
  const origin = originOrNull(prepared, headers, protocol);
  // A request whose Host or protocol is malformed has no session to show.
  if (!origin) return signedOut();
  try {
    const request = new Request(`${origin}${prepared.config.basePath}/session`, { headers: sessionHeaders(headers) });
    const result = await Auth(request, prepared.serverCall);
    // An API key refused (`ApiKeys()`: unknown, revoked, expired, over its limit): no session, and nothing wrong with the app.
    if (isKeyRefusal(result.status, headers)) return signedOut();
    if ((result.status ?? 200) !== 200) {
      logError(prepared, "SessionReadFailed", `Reading the session answered ${result.status}; the request is treated as signed out.`);
      return signedOut();
    }
    return { session: isSession(result.body) ? result.body : null, cookies: result.cookies ?? [] };
  } catch (error) {
    logError(prepared, "SessionReadFailed", `Reading the session failed (${(error as Error)?.name ?? "error"}); the request is treated as signed out.`);
    return signedOut();
  }
}

/** Whether a session read answered the refusal of an API key the request presented. */
function isKeyRefusal(status: number | undefined, headers: Headers): boolean {
  return (status === 401 || status === 403 || status === 429) && (headers.has("x-api-key") || headers.has("authorization"));
}

/** Only what a session read needs: the cookies (or, with bearer sessions on, `Authorization`; with API keys on, `x-api-key`) and the headers that name the host. */
function sessionHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "authorization", "x-api-key", "host", "x-forwarded-host", "x-forwarded-proto", "user-agent"]) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/** A session object: anything non-empty that is not `null`; core answers `null` when signed out. */
function isSession(data: unknown): data is Session {
  return typeof data === "object" && data !== null && !Array.isArray(data) && Object.keys(data).length > 0;
}
