import { InvalidRequest, UnknownAction } from "../errors.js";
import { parseCookies } from "../security/cookies.js";
import { authActions, type AuthAction } from "../types/actions.js";
import type { Plugin } from "../types/plugin.js";
import { matchEndpoint, pluginOf, type PluginRoute } from "./plugin-route.js";
import type { AuthRequest } from "./request.js";

/** The largest POST body Latch reads. Sign-in forms and WebAuthn responses fit many times over. */
export const maxBodyBytes = 64 * 1024;

const actionsWithProvider: ReadonlySet<AuthAction> = new Set(["signin", "callback", "webauthn-options", "link", "unlink"]);

/** Latch's own actions with a fixed second segment (PROTOCOL §13), and the segments each allows. */
const actionSubpaths: Partial<Record<AuthAction, ReadonlySet<string>>> = {
  sessions: new Set(["revoke"]),
  password: new Set(["forgot", "reset", "change"]),
  "second-factor": new Set(["enrol", "confirm", "remove", "backup-codes", "cancel", "email-sign-in"]),
  // The address change: `email/change`, and the two links it mails, one segment deeper.
  email: new Set(["change", "change/confirm", "change/cancel"]),
};

/** `{ action, providerId }` of a path under `basePath`, or `null` when it names no action. */
export function parsePath(pathname: string, basePath: string): { action: AuthAction; providerId?: string } | null {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length).replace(/\/$/, "");
  const segments = rest.split("/").slice(1);
  if (segments.length < 1 || segments.length > 3) return null;
  const [action, ...tail] = segments as [string, ...string[]];
  if (!(authActions as readonly string[]).includes(action)) return null;
  const subpaths = actionSubpaths[action as AuthAction];
  const subpath = tail.length ? tail.join("/") : undefined;
  if (subpaths) return subpath === undefined || subpaths.has(subpath) ? { action: action as AuthAction, providerId: subpath } : null;
  if (tail.length > 1) return null;
  const providerId = tail[0];
  if (providerId !== undefined && (!providerId || !actionsWithProvider.has(action as AuthAction))) return null;
  let decoded: string | undefined;
  try {
    decoded = providerId === undefined ? undefined : decodeURIComponent(providerId);
  } catch {
    return null;
  }
  return { action: action as AuthAction, providerId: decoded };
}

async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBodyBytes) throw new InvalidRequest("The request body is too large.", 413);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      throw new InvalidRequest("The request body is too large.", 413);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function firstWins(entries: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of entries) if (!(key in out)) out[key] = value;
  return out;
}

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    return firstWins(new URLSearchParams(await readText(request)));
  }
  if (type === "application/json") {
    const text = await readText(request);
    if (!text.trim()) throw new InvalidRequest("The JSON body is empty.");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new InvalidRequest("The request body is not valid JSON.");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new InvalidRequest("The JSON body must be an object.");
    return parsed as Record<string, unknown>;
  }
  return undefined;
}

/** The percent-decoded segments of `pathname` under `basePath`, or `null` (not under it, or badly encoded). */
function segmentsUnder(pathname: string, basePath: string): string[] | null {
  if (basePath && !pathname.startsWith(`${basePath}/`)) return null;
  try {
    return pathname.slice(basePath.length).replace(/\/$/, "").split("/").slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The plugin endpoint `pathname` and `method` name (PROTOCOL §1: `<base>/<plugin id>/…`), or `null` for a path outside the plugins. */
function pluginRoute(pathname: string, method: string, basePath: string, plugins: readonly Plugin[] | undefined): PluginRoute | null {
  if (!plugins?.length) return null;
  const segments = segmentsUnder(pathname, basePath);
  const plugin = segments && pluginOf(segments, plugins);
  if (!plugin) return null;
  const matched = matchEndpoint(plugin, method, segments!.slice(1));
  if (matched === "none") throw new UnknownAction(`No endpoint of the plugin "${plugin.id}" is at ${pathname}.`);
  if (matched === "method") throw new InvalidRequest(`Method ${method} is not supported at ${pathname}.`, 405);
  return matched;
}

/**
 * Turns a `Request` into an {@link AuthRequest}. Throws `UnknownAction` for a path that names
 * no action and `InvalidRequest` for another method or a body that is too large or not JSON.
 * A path under `<base>/<plugin id>` of a configured plugin names one of its endpoints, for any method.
 */
export async function parseRequest(request: Request, url: URL, basePath: string, plugins?: readonly Plugin[]): Promise<AuthRequest> {
  const route = parsePath(url.pathname, basePath);
  const method = request.method.toUpperCase();
  const plugin = route ? null : pluginRoute(url.pathname, method, basePath, plugins);
  if (!route && !plugin) throw new UnknownAction(`Cannot parse the action at ${url.pathname}.`);
  if (!plugin && method !== "GET" && method !== "POST") throw new InvalidRequest(`Method ${method} is not supported.`);
  return {
    url,
    method,
    action: route ? route.action : "plugin",
    providerId: route?.providerId,
    ...(plugin && { plugin }),
    query: url.search ? firstWins(url.searchParams) : {},
    body: method !== "GET" && method !== "HEAD" ? await readBody(request) : undefined,
    cookies: parseCookies(request.headers.get("cookie")),
    headers: request.headers,
    jsonMode: request.headers.has("x-auth-return-redirect"),
    request,
  };
}
