/**
 * Who is signed in to Latch on a request, read through `Auth()` with the request's cookies, and
 * the binding of the OpenID Provider's session to that Latch session.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Auth, type AuthConfig } from "@latch/core";
import { toAuthRequest } from "@latch/core/integration";
import { definePlugin, type SignedInUser } from "@latch/core/plugins";
import { clientAddressHeader, type RateLimitRoute } from "@latch/core/rate-limit";

/** The classes of the config's `rateLimit` the provider's requests count toward, each counted at the bridge's endpoint `limit/<class>`. */
const limitRoutes = ["accessToken", "sessionUpdate", "sessionRevoke", "callback", "secondFactor"] as const satisfies readonly RateLimitRoute[];

/** A class of the config's `rateLimit` that the provider's requests count toward. */
export type ProviderLimitRoute = (typeof limitRoutes)[number];

/** The plugin id the provider reserves in Latch: its paths are `<basePath>/oauth2/…`. */
export const pluginId = "oauth2";

/** The header that marks the provider's own session reads; its value is made per process. */
const marker = "x-latch-oauth2-session";

/** A copy of the app's Latch config whose one extra plugin answers who is signed in, to this process only. */
export function bridgeConfig(config: AuthConfig): { config: AuthConfig; secret: string } {
  const secret = randomBytes(32).toString("base64url");
  const expected = Buffer.from(secret);
  const mine = (request: Request) => {
    const given = Buffer.from(request.headers.get(marker) ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // One endpoint per limit class: Latch's limiter counts the request (429 over the limit) before it is answered.
  const limits = Object.fromEntries(
    limitRoutes.map((route) => [
      `limit-${route}`,
      {
        method: "POST" as const,
        path: `limit/${route}`,
        csrf: false,
        rateLimit: route,
        handler: async ({ request, json }: { request: Request; json: (body: unknown, init?: { status?: number }) => never }) => (mine(request) ? json({ counted: true }) : json({ error: "UnknownAction" }, { status: 404 })),
      },
    ]),
  );
  const plugin = definePlugin({
    id: pluginId,
    endpoints: {
      ...limits,
      signedIn: {
        method: "GET",
        path: "latch-session",
        handler: async ({ request, signedIn, json }) => {
          const given = Buffer.from(request.headers.get(marker) ?? "");
          // Only this process asks: anyone else is told nothing is here.
          if (given.length !== expected.length || !timingSafeEqual(given, expected)) return json({ error: "UnknownAction" }, { status: 404 });
          return json({ user: await signedIn() }, { headers: { "Cache-Control": "no-store" } });
        },
      },
    },
  });
  const plugins = [...(config.plugins ?? []).filter((p) => p.id !== pluginId), plugin];
  return { config: { ...config, plugins }, secret };
}

/** The Latch user signed in with `cookie` (the request's `Cookie` header), or `null`. */
export async function signedInWith(cookie: string | undefined, bridge: { config: AuthConfig; secret: string }, origin: string, basePath: string): Promise<SignedInUser | null> {
  if (!cookie) return null;
  const headers = new Headers({ cookie, [marker]: bridge.secret });
  const response = await Auth(new Request(`${origin}${basePath}/${pluginId}/latch-session`, { headers }), bridge.config);
  if (response.status !== 200) return null;
  const { user } = (await response.json()) as { user: SignedInUser | null };
  return user ?? null;
}

/** The value of the binding cookie for `user` (an HMAC of who and which session, keyed from the secret). */
export function bindingOf(user: SignedInUser, key: Buffer): string {
  return createHmac("sha256", key)
    .update(`${user.userId}\n${user.sessionId ?? ""}\n${user.authTime ?? ""}`)
    .digest("base64url");
}

/** Whether the binding cookie's `value` names `user`'s current session (constant time). */
export function bindingMatches(value: string | undefined, user: SignedInUser | null, key: Buffer): boolean {
  if (!value || !user) return false;
  const expected = Buffer.from(bindingOf(user, key));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts `req` toward the limit class `route` when the config has `rateLimit`, per client address
 * (the socket's peer, or what the config's `clientAddress` trusts): `undefined` when it may go on,
 * else Latch's refusal (429, or 503 when the store is down and the class fails closed, with its `Retry-After`).
 */
export async function rateLimited(req: IncomingMessage, route: ProviderLimitRoute, bridge: { config: AuthConfig; secret: string }, origin: string, basePath: string): Promise<{ status: number; retryAfter: string | null } | undefined> {
  if (!bridge.config.rateLimit) return undefined;
  // The headers the config's `clientAddress` may read the client's address from (only when it
  // trusts them); no cookie, so that counting never reads or touches the browser's session.
  const headers = new Headers({ [marker]: bridge.secret });
  const named = clientAddressHeader(bridge.config.rateLimit.options.clientAddress);
  for (const name of ["x-forwarded-for", "forwarded", ...(named ? [named] : [])]) {
    const value = req.headers[name];
    for (const one of value === undefined ? [] : [value].flat()) headers.append(name, one);
  }
  const request = new Request(`${origin}${basePath}/${pluginId}/limit/${route}`, { method: "POST", headers });
  const response = await Auth(toAuthRequest(request, origin, req.socket?.remoteAddress), bridge.config);
  return response.status === 429 || response.status === 503 ? { status: response.status, retryAfter: response.headers.get("retry-after") } : undefined;
}
