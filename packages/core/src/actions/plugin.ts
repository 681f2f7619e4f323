import type { Adapter } from "../adapter.js";
import { guardExtraMethods } from "../config/adapter-guard.js";
import { csrfOf, requireCsrf } from "../security/request-checks.js";
import type { AuthContext } from "../config/context.js";
import type { SessionReadContext } from "../config/slices.js";
import { InvalidCallbackUrl, InvalidRequest, UnknownAction } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import { currentDatabaseSession, currentDatabaseUser, currentJwtSession, currentJwtUser, sessionStrategy } from "../session/index.js";
import type { Cookie } from "../types/cookies.js";
import type { Session } from "../types/entities.js";
import type { Plugin, PluginEndpointContext, PluginResponse, PluginSignIn, SignedInUser } from "../types/plugin.js";
import type { Account } from "../types/entities.js";
import { completeSignIn, type VerifiedSignIn } from "../signin/complete.js";
import type { ResponseInternal } from "../types/response.js";
import { matchEndpoint, restSegments, type PluginRoute } from "../http/plugin-route.js";
import { withPluginFields } from "../session/plugin-fields.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Who is signed in on `req`: the user, the session's id and what the session earned. */
async function signedInOf(ctx: SessionReadContext, req: AuthRequest): Promise<SignedInUser | null> {
  const jwt = ctx.session.strategy === "jwt";
  const [user, session] = jwt
    ? await Promise.all([currentJwtUser(ctx, req), currentJwtSession(ctx, req)])
    : await Promise.all([currentDatabaseUser(ctx, req), currentDatabaseSession(ctx, req)]);
  if (!user || !session || session.userId !== user.id) return null;
  const earned = user.earned;
  return {
    userId: user.id,
    ...(session.sessionId !== undefined && { sessionId: session.sessionId }),
    ...(earned && { authTime: earned.auth_time, amr: [...earned.amr] }),
    ...(earned?.mfa_time !== undefined && { mfaTime: earned.mfa_time }),
  };
}

/** The handler's context: the parsed request, the session reader, the adapter and the answers. */
function endpointContext(ctx: AuthContext, req: AuthRequest, route: PluginRoute, cookies: Cookie[], plugin: Plugin): PluginEndpointContext {
  let session: Promise<Session | null> | undefined;
  let csrf: Promise<string> | undefined;
  return {
    request: req.request,
    method: req.method,
    path: route.path,
    params: route.params,
    query: req.query,
    body: req.body,
    adapter: ctx.adapter && plugin.adapterMethods?.length ? ({ ...ctx.adapter, ...guardExtraMethods<object>(ctx.adapter, plugin.adapterMethods as never) } as Adapter) : ctx.adapter,
    getSession() {
      session ??= sessionStrategy(ctx).read(ctx, req).then((read) => {
        cookies.push(...read.cookies);
        return withPluginFields(ctx, read);
      });
      return session;
    },
    signedIn: () => signedInOf(ctx, req),
    json: (body, init) => ({ body, status: init?.status, headers: init?.headers }),
    text: (text, init) => ({ text, status: init?.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...init?.headers } }),
    redirect(url) {
      const target = new URL(url, ctx.origin);
      if (target.origin !== ctx.origin) throw new InvalidCallbackUrl(`A plugin may redirect only within ${ctx.origin}.`);
      return { redirect: target.toString() };
    },
    endSessions: (userId, sessionIds) => endSessionsOf(ctx, userId, sessionIds),
    async signIn(input) {
      // Only an endpoint that declares it starts sessions (the gate refuses the others).
      const declared = route.endpoint.startsSession ? { ...req, row: { ...req.row!, startsSession: true as const } } : req;
      const started = await completeSignIn(ctx, declared, await verifiedOf(ctx, input));
      cookies.push(...(started.cookies ?? []));
      return { status: started.status, headers: started.headers, ...(started.redirect ? { redirect: started.redirect } : { body: started.body }) };
    },
    csrfToken() {
      // One token per request: a second call must not set a second cookie.
      csrf ??= csrfOf(ctx, req).then((state) => {
        if (state.cookie) cookies.push(state.cookie);
        return state.token;
      });
      return csrf;
    },
    pages: { theme: ctx.theme, languages: ctx.languages, locale: ctx.locale },
  };
}

/** Ends sessions of `userId` (those of `sessionIds`, or all): deleted when stored, revoked when JWT. */
async function endSessionsOf(ctx: Pick<AuthContext, "session" | "jwt" | "adapter">, userId: string, sessionIds?: readonly string[]): Promise<number | null | false> {
  if (ctx.session.strategy === "jwt") {
    const { revocation } = ctx.session;
    if (!revocation) return false;
    if (!sessionIds) await revocation.revokeUser(userId, null, ctx.jwt.maxAge);
    else for (const sessionId of sessionIds) await revocation.revokeSession(userId, sessionId, ctx.jwt.maxAge);
    return null;
  }
  const adapter = ctx.adapter;
  if (!sessionIds) return adapter?.deleteSessions ? adapter.deleteSessions(userId) : false;
  if (!adapter?.deleteSessionById) return false;
  let ended = 0;
  for (const sessionId of sessionIds) if (await adapter.deleteSessionById(userId, sessionId)) ended++;
  return ended;
}

/** A plugin's verified user as a provider's callback hands it over: an `oidc` account under the plugin's provider id. */
async function verifiedOf(ctx: AuthContext, input: PluginSignIn): Promise<VerifiedSignIn> {
  const provider = {
    id: input.provider,
    name: input.provider,
    type: "oidc",
    allowDangerousEmailAccountLinking: input.emailProven === true,
    signinUrl: `${ctx.baseUrl}/signin/${input.provider}`,
    callbackUrl: `${ctx.baseUrl}/callback/${input.provider}`,
  } as unknown as VerifiedSignIn["provider"];
  const account: Account = { provider: input.provider, providerAccountId: input.providerAccountId, type: "oidc" };
  const callbackUrl = await ctx.callbacks.redirect({ url: input.callbackUrl ?? ctx.origin, baseUrl: ctx.origin });
  return {
    provider, user: { ...input.user, id: undefined }, account, profile: input.profile, callbackUrl, emailVerified: input.emailProven === true,
    ...(input.secondFactor === true && { methods: ["mfa"] }),
  };
}

/** The plugin's answer as Latch's; a string body stays JSON (a bare string would be served as a page). */
function internal(response: PluginResponse, cookies: Cookie[]): ResponseInternal {
  const { status, redirect } = response;
  const headers = { ...response.headers };
  let body = response.body;
  if (response.text !== undefined) return { ...(status !== undefined && { status }), headers, body: response.text, cookies };
  if (typeof body === "string") {
    body = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  return { ...(status !== undefined && { status }), headers, ...(redirect ? { redirect } : { body }), cookies };
}

/**
 * The handler of a plugin's row: finds the endpoint the request's method and path name, checks
 * the CSRF token for a method that changes state (unless the endpoint turned it off), asks the
 * features' `beforeHandler` hooks again for an endpoint that refuses impersonated sessions (as if
 * its row said so), and runs it.
 */
export function pluginHandler(plugin: Plugin): (ctx: AuthContext, req: AuthRequest) => Promise<ResponseInternal> {
  return async (ctx, req) => {
    const segments = restSegments(req.providerId);
    const matched = segments ? matchEndpoint(plugin, req.method, segments) : "none";
    if (matched === "none") throw new UnknownAction(`No endpoint of the plugin "${plugin.id}" is at ${req.url.pathname}.`);
    if (matched === "method") throw new InvalidRequest(`Method ${req.method} is not supported at ${req.url.pathname}.`);
    if (!safeMethods.has(req.method) && matched.endpoint.csrf !== false) await requireCsrf(ctx, req);
    if (matched.endpoint.refusesImpersonation) {
      const refusing = { ...req, row: { ...req.row!, refusesImpersonation: true as const } };
      for (const feature of ctx.features) await feature.beforeHandler?.(ctx, refusing);
    }
    const cookies: Cookie[] = [];
    const response = await matched.endpoint.handler(endpointContext(ctx, req, matched, cookies, plugin));
    return internal(response, cookies);
  };
}
