import { InvalidRequest, UnknownAction } from "../errors.js";
import { answers, findRoute, type Route } from "../rows/match.js";
import type { AuthAction } from "../types/actions.js";
import type { AnsweringRow, AuthRequest } from "./request.js";

/** The largest POST body Latch reads. Sign-in forms and WebAuthn responses fit many times over. */
export const maxBodyBytes = 64 * 1024;

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

// What a method and path found among a list of rows (the same list: the plugins' is another): a
// warm request looks its row up here instead of matching it against every row again. Only paths
// that name a row are kept, and a few dozen at most (cleared when full): made-up paths cannot grow it.
const routes = new Map<string, { rows: readonly AnsweringRow[]; route: Route<AnsweringRow> }>();

/**
 * Turns a `Request` into an {@link AuthRequest}, finding its row among `rows`. Throws `UnknownAction` for a path that names
 * no action and `InvalidRequest` for another method or a body that is too large or not JSON.
 */
export function parseRequest(request: Request, url: URL, basePath: string, rows: readonly AnsweringRow[]): AuthRequest | Promise<AuthRequest> {
  const method = request.method.toUpperCase();
  const key = `${method} ${basePath} ${url.pathname}`;
  let found = routes.get(key);
  if (found?.rows !== rows) {
    const route = findRoute(rows, method, url.pathname, basePath);
    if (!route) throw new UnknownAction(`Cannot parse the action at ${url.pathname} (an opt-in feature's endpoints answer only while it is configured).`);
    if (method !== "GET" && method !== "POST" && !rows.some((row) => answers(row, method))) throw new InvalidRequest(`Method ${method} is not supported.`);
    if (routes.size > 63) routes.clear();
    routes.set(key, (found = { rows, route }));
  }
  const { route } = found;
  const parsed = (body: Record<string, unknown> | undefined): AuthRequest => ({
    url,
    method: method as AuthRequest["method"],
    action: route.action as AuthAction,
    providerId: route.providerId,
    query: url.search ? firstWins(url.searchParams) : {},
    body,
    cookies: parseCookies(request.headers.get("cookie")),
    headers: request.headers,
    jsonMode: request.headers.has("x-auth-return-redirect"),
    request,
    row: route.row,
  });
  // A plugin's PUT, PATCH or DELETE carries a body as a POST does; a GET is parsed without waiting.
  return method !== "GET" && method !== "HEAD" ? readBody(request).then(parsed) : parsed(undefined);
}

/**
 * Parses a `Cookie` header. Values are percent-decoded; the first of a duplicated name wins.
 * With `only`, just that cookie and its chunks (see {@link parseCookieHeader}).
 */
export function parseCookies(header: string | null, only?: string): Record<string, string> {
  return header ? parseCookieHeader(header, only) : {};
}

function trimmed(text: string, start: number, end: number): string {
  while (start < end && (text.charCodeAt(start) === 0x20 || text.charCodeAt(start) === 0x09)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  return text.slice(start, end);
}

function decoded(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not percent-encoding after all: kept as sent
  }
}

/**
 * The pairs of a `Cookie` request header (RFC 6265 §5.4): `name=value` separated by `;`, spaces
 * and tabs around each trimmed, values percent-decoded where they decode. The first of a
 * duplicated name wins; a part without `=` is skipped. With `only`, just the cookie of that name
 * and its chunks (`<only>.0`, `<only>.1`…) are kept, and no other value is decoded.
 */
export function parseCookieHeader(header: string, only?: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  const chunkPrefix = only === undefined ? undefined : `${only}.`;
  let index = 0;
  while (index < header.length) {
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", index);
    let start = index;
    while (start < eq && (header.charCodeAt(start) === 0x20 || header.charCodeAt(start) === 0x09)) start++;
    // With `only`, a name that does not start with it is passed over without being cut out.
    if (eq !== -1 && eq < end && (only === undefined || header.startsWith(only, start))) {
      const name = trimmed(header, start, eq);
      const kept = chunkPrefix === undefined || name === only || name.startsWith(chunkPrefix);
      if (kept && name !== "__proto__" && !Object.hasOwn(cookies, name)) cookies[name] = decoded(trimmed(header, eq + 1, end));
    }
    index = end + 1;
  }
  return cookies;
}
