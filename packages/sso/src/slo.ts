/**
 * Single logout as the plugin runs it: what a SAML sign-in records of the identity provider's
 * session, the sign-out hook that sends a LogoutRequest when a person signs out of the app, the
 * endpoint `<base>/sso/saml/:connectionId/slo` that takes the identity provider's LogoutResponse
 * or LogoutRequest, `<base>/sso/logout` (a sign-out through the identity provider) and the page
 * that posts a LogoutRequest (HTTP-POST binding).
 */
import type { AfterSignInInput, PluginEndpoint, PluginEndpointContext, PluginHooks, PluginResponse, SignOutInput } from "@latch/core/plugins";
import { SamlLogoutRefused } from "./errors.js";
import { idpLogoutService, logoutRequest, logoutResponse, postPage, verifyLogoutRequest, verifyLogoutResponse, type LogoutMessage, type OutgoingMessage } from "./logout.js";
import type { SsoSession } from "./logout-store.js";
import type { ServiceProviderSettings, VerifiedAssertion } from "./saml.js";
import type { SsoStore } from "./store.js";
import type { SsoConnection } from "./types.js";

/** How long a record of an identity provider's session is kept without its session ending first, seconds: Latch's default session lifetime. */
const sessionRecordAge = 30 * 86_400;
/** How long a sign-in may wait for its session (a second factor owed), seconds. */
const pendingAge = 900;

/** What single logout needs of the plugin. */
export interface LogoutDeps {
  readonly store: SsoStore;
  /** The service provider's settings for a request's `<base>/sso`. */
  readonly settingsFor: (base: string) => ServiceProviderSettings;
  readonly connectionOf: (id: string | undefined) => Promise<SsoConnection>;
  /** How long a logout sent to the identity provider may take, and how old a LogoutRequest it sends may be, seconds. */
  readonly maxAge: number;
  /** Answers a handler's refusals as the plugin's other endpoints do. */
  readonly answer: (ctx: PluginEndpointContext, run: () => Promise<PluginResponse>) => Promise<PluginResponse>;
}

const html = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
const providerPrefix = "sso-";

/** Single logout is on for a connection when the app can sign its messages and the identity provider has a logout service. */
export const offersLogout = (settings: ServiceProviderSettings, connection: SsoConnection): boolean => !!settings.signing && !!idpLogoutService(connection);

/** Records what the assertion named of the identity provider's session, until its Latch session starts (then tied to it). */
export async function rememberAssertion(deps: LogoutDeps, settings: ServiceProviderSettings, connection: SsoConnection, assertion: VerifiedAssertion): Promise<void> {
  if (!offersLogout(settings, connection)) return;
  await deps.store.saveSession({
    id: crypto.randomUUID(),
    connectionId: connection.id,
    userId: null,
    sessionId: null,
    nameId: assertion.nameId,
    nameIdFormat: assertion.nameIdFormat,
    nameQualifier: assertion.nameQualifier,
    spNameQualifier: assertion.spNameQualifier,
    sessionIndex: assertion.sessionIndex,
    expires: new Date(Date.now() + pendingAge * 1000),
  });
}

/** `<base>/sso` from a request to `<base>/<anything>`. */
const ssoBaseOf = (request: Request, tail: string): string => {
  const url = new URL(request.url);
  return `${url.origin}${url.pathname.replace(/\/+$/, "").slice(0, -tail.length)}/sso`;
};

/** Sends the browser on with a message: a redirect (Redirect binding), or the page that posts it. */
function send(ctx: PluginEndpointContext, message: OutgoingMessage): PluginResponse {
  if (message.binding === "redirect") return ctx.text("", { status: 303, headers: { Location: message.url, "Cache-Control": "no-store" } });
  return ctx.text(postPage(message), { headers: html });
}

/** Starts the logout at the identity provider for `record`: the URL the browser goes to next. */
async function startLogout(deps: LogoutDeps, base: string, record: SsoSession, callbackUrl: string): Promise<string | undefined> {
  const found = await deps.store.getConnection(record.connectionId);
  const connection = found?.kind === "saml" ? found : null;
  const settings = deps.settingsFor(base);
  if (!connection || !offersLogout(settings, connection)) return undefined;
  const relayState = crypto.randomUUID();
  const message = logoutRequest(settings, connection, record, relayState, deps.maxAge);
  await deps.store.saveLogout({
    id: relayState,
    requestId: message.id,
    connectionId: connection.id,
    callbackUrl,
    message: message.binding === "post" ? message.message : null,
    expires: new Date(Date.now() + deps.maxAge * 1000),
  });
  return message.binding === "redirect" ? message.url : `${base}/logout/${encodeURIComponent(relayState)}`;
}

/** The hooks of single logout: a started session is tied to its assertion; a sign-out of it goes on to the identity provider. */
export function logoutHooks(deps: LogoutDeps): Pick<PluginHooks<{}>, "afterSignIn" | "signOut"> {
  return {
    async afterSignIn({ account, user, sessionId }: AfterSignInInput) {
      if (!sessionId || !user.id || !account.provider.startsWith(providerPrefix)) return;
      await deps.store.linkSession(account.provider.slice(providerPrefix.length), account.providerAccountId, user.id, sessionId, new Date(Date.now() + sessionRecordAge * 1000));
    },
    async signOut({ sessionId, callbackUrl, request }: SignOutInput) {
      const record = sessionId ? await deps.store.sessionOf(sessionId) : null;
      if (!record) return undefined;
      await deps.store.deleteSession(sessionId!);
      return startLogout(deps, ssoBaseOf(request, "/signout"), record, callbackUrl);
    },
  };
}

/** The message of a request to the SLO endpoint, as its binding carries it. */
function messageOf(ctx: PluginEndpointContext): LogoutMessage {
  if (ctx.method === "GET") return { binding: "redirect", fields: ctx.query, rawQuery: new URL(ctx.request.url).search.slice(1) };
  const fields = Object.fromEntries(Object.entries(ctx.body ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return { binding: "post", fields, rawQuery: "" };
}

/** The endpoints of single logout, for the plugin's `endpoints`. */
export function logoutEndpoints(deps: LogoutDeps, ssoBase: (ctx: PluginEndpointContext) => string): Record<string, PluginEndpoint> {
  const { store } = deps;
  return {
    // GET, POST <base>/sso/saml/:connectionId/slo: the identity provider's LogoutResponse (to a logout sent from here) or LogoutRequest (a logout it started).
    slo: {
      method: ["GET", "POST"],
      path: "saml/:connectionId/slo",
      // Sent by the identity provider's page: no CSRF token; the signature vouches for it.
      csrf: false,
      rateLimit: "callback",
      handler: (ctx) => deps.answer(ctx, async () => {
        const connection = await deps.connectionOf(ctx.params.connectionId);
        const settings = deps.settingsFor(ssoBase(ctx));
        if (!offersLogout(settings, connection)) throw new SamlLogoutRefused("unavailable", "This connection has no single logout.");
        const message = messageOf(ctx);
        const relayState = message.fields.RelayState ?? "";
        if (message.fields.SAMLResponse) {
          const pending = relayState ? await store.takeLogout(relayState) : null;
          if (!pending || pending.connectionId !== connection.id) throw new SamlLogoutRefused("in-response-to", "The LogoutResponse answers no logout sent from here.");
          const { inResponseTo } = await verifyLogoutResponse(settings, connection, message);
          if (inResponseTo !== pending.requestId) throw new SamlLogoutRefused("in-response-to", "The LogoutResponse answers another logout.");
          if (pending.expires.getTime() <= Date.now()) throw new SamlLogoutRefused("expired", "The logout took too long.");
          return ctx.redirect(pending.callbackUrl);
        }
        if (!message.fields.SAMLRequest) throw new SamlLogoutRefused("malformed", "No SAMLRequest or SAMLResponse was sent.");
        const request = await verifyLogoutRequest(settings, connection, message, deps.maxAge);
        if (!(await store.useAssertion(`${connection.id}:logout:${request.id}`, request.keepUntil))) throw new SamlLogoutRefused("replay", "This LogoutRequest was used already.");
        const sessions = await store.takeSessions(connection.id, request.nameId, request.sessionIndexes);
        let complete = true;
        for (const session of sessions) {
          if ((await ctx.endSessions(session.userId!, [session.sessionId!])) === false) complete = false;
        }
        return send(ctx, logoutResponse(settings, connection, request.id, relayState, complete));
      }),
    },
    // POST <base>/sso/logout (CSRF-checked): signs out here and at the identity provider that signed the person in.
    logout: {
      method: "POST",
      path: "logout",
      handler: (ctx) => deps.answer(ctx, async () => {
        const origin = new URL(ctx.request.url).origin;
        const asked = typeof ctx.body?.callbackUrl === "string" ? ctx.body.callbackUrl : "";
        let callbackUrl = `${origin}/`;
        try {
          const url = new URL(asked || "/", origin);
          if (url.origin === origin) callbackUrl = url.toString();
        } catch {
          // Not a URL: the site's root.
        }
        const signedIn = await ctx.signedIn();
        const record = signedIn?.sessionId ? await store.sessionOf(signedIn.sessionId) : null;
        if (signedIn) {
          if ((await ctx.endSessions(signedIn.userId, signedIn.sessionId ? [signedIn.sessionId] : undefined)) === false) {
            throw new SamlLogoutRefused("unavailable", "JWT sessions end here only through JwtRevocation(); sign out at <base>/signout.");
          }
        }
        if (record) await store.deleteSession(record.sessionId!);
        const onward = record ? await startLogout(deps, ssoBase(ctx), record, callbackUrl) : undefined;
        return onward ? ctx.text("", { status: 303, headers: { Location: onward, "Cache-Control": "no-store" } }) : ctx.redirect(callbackUrl);
      }),
    },
    // GET <base>/sso/logout/:id: the page that posts a pending LogoutRequest to the identity provider (HTTP-POST binding).
    logoutPost: {
      method: "GET",
      path: "logout/:id",
      handler: (ctx) => deps.answer(ctx, async () => {
        const pending = await store.getLogout(ctx.params.id ?? "");
        if (!pending?.message) throw new SamlLogoutRefused("in-response-to", "No logout is waiting under this id.");
        const connection = await deps.connectionOf(pending.connectionId);
        const url = idpLogoutService(connection)?.url;
        if (!url) throw new SamlLogoutRefused("unavailable", "This connection has no single logout.");
        return ctx.text(postPage({ binding: "post", id: pending.requestId, url, field: "SAMLRequest", message: pending.message, relayState: pending.id }), { headers: html });
      }),
    },
  };
}
