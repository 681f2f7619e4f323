/**
 * `POST <base>/link/<providerId>` and `POST <base>/unlink/<providerId>` (PROTOCOL §13): a
 * signed-in user attaches an OAuth or OpenID account to themselves, or detaches one. Both are
 * CSRF-checked, answer JSON, 400 for a malformed body and 401 when nobody is signed in.
 */
import type { Adapter, AdapterAccount, AdapterMethod, AdapterUser } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import { InvalidRequest, MissingAdapter, MissingAdapterMethods, UnknownAction } from "../../errors.js";
import { flowOf } from "../../flows/index.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { sessionStrategy } from "../../session/index.js";
import { isOAuthType, listsAccounts, oauthAccountsOf } from "../../signin/user-accounts.js";
import type { ResponseInternal } from "../../types/response.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { providerOf } from "../../actions/callback.js";

const json = (status: number, body: Record<string, unknown>): ResponseInternal => ({ status, body, headers: { ...noStore } });
const notSignedIn = json(401, { error: "NotSignedIn", message: "Sign in first." });

/** A script (JSON body or `X-Auth-Return-Redirect`) gets JSON; a form gets a redirect. */
function wantsJson(req: AuthRequest): boolean {
  return req.jsonMode || (req.headers.get("content-type") ?? "").toLowerCase().includes("application/json");
}

/** The fields both endpoints accept: `csrfToken` and `callbackUrl`, strings when present. */
function checkBody(body: AuthRequest["body"]): void {
  for (const field of ["csrfToken", "callbackUrl"]) {
    const value = body?.[field];
    if (value !== undefined && typeof value !== "string") throw new InvalidRequest(`${field} must be a string.`);
  }
}

/** The adapter with the methods linking and unlinking need; a configuration error otherwise. */
function linkAdapter(ctx: Pick<AuthContext, "adapter">, methods: readonly ("getUser" | "unlinkAccount" | "linkAccount")[], readsAccounts = false): Required<Adapter> {
  if (!ctx.adapter) throw new MissingAdapter("Linking accounts needs an adapter; set `adapter` in the config.");
  const missing: AdapterMethod[] = methods.filter((name) => !adapterHas(ctx.adapter, name));
  if (readsAccounts && !listsAccounts(ctx.adapter) && !adapterHas(ctx.adapter, "getAccountByUserId")) missing.push("getAccountByUserId");
  if (missing.length) throw new MissingAdapterMethods(missing);
  return ctx.adapter as Required<Adapter>;
}

/**
 * `POST /link/<id>`: starts the provider's OAuth flow for the signed-in user; its callback
 * attaches the account to that user (whatever `account.linking` says), and refuses with
 * `OAuthAccountNotLinked` when the account belongs to another user or when another user (or
 * nobody) is signed in by then. JSON gets `{ url }` (the authorization URL); a form is redirected.
 */
export async function linkAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (!req.providerId) throw new UnknownAction("POST link/<providerId>.");
  checkBody(req.body);
  linkAdapter(ctx, ["getUser", "linkAccount"]);
  const current = await sessionStrategy(ctx).current(ctx, req);
  if (!current) return notSignedIn;
  const provider = providerOf(ctx, req);
  const flow = isOAuthType(provider.type) ? await flowOf(provider, ctx.plainObjectFlows) : undefined;
  if (!flow?.begin) throw new InvalidRequest(`Provider "${provider.id}" is not an OAuth or OpenID provider; only their accounts are linked here.`);
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const started = withCookies(await flow.begin({ ctx, req, provider, callbackUrl, linkTo: current.id }), cookies);
  if (!wantsJson(req) || !started.redirect) return started;
  return { body: { url: started.redirect }, cookies: started.cookies, headers: { ...noStore } };
}

/**
 * Whether `user` keeps a way to sign in once `leaving` is gone: another OAuth or OpenID account
 * at a configured provider, a passkey (with a passkey provider configured), or a verified address
 * with an email provider configured. A `Credentials` provider's users are not counted: what
 * `authorize` checks is the app's, and Latch cannot see it.
 */
async function keepsAWayIn(ctx: Pick<AuthContext, "providers" | "adapter">, adapter: Required<Adapter>, user: AdapterUser, leaving: AdapterAccount): Promise<boolean> {
  const has = (type: string) => ctx.providers.some((p) => p.type === type);
  if (user.emailVerified && user.email && has("email")) return true;
  if (has("webauthn") && adapterHas(ctx.adapter, "listAuthenticatorsByUserId") && (await adapter.listAuthenticatorsByUserId(user.id)).length > 0) return true;
  const same = (a: AdapterAccount) => a.provider === leaving.provider && String(a.providerAccountId) === String(leaving.providerAccountId);
  return (await oauthAccountsOf(ctx, adapter, user.id)).some((a) => !same(a));
}

/** The optional `providerAccountId` of an unlink body: a string when present. */
function chosenAccountId(body: AuthRequest["body"]): string | undefined {
  const value = body?.providerAccountId;
  if (value !== undefined && typeof value !== "string") throw new InvalidRequest("providerAccountId must be a string.");
  return value;
}

/**
 * `POST /unlink/<id>`: detaches the signed-in user's account at that provider (adapter
 * `unlinkAccount`), unless it is the user's last way to sign in (409 `LastSignInMethod`); 404
 * `NotLinked` when the user has no such OAuth or OpenID account. When the user has several there
 * (seen with the adapter's `listAccountsByUserId`), the body's `providerAccountId` names the one;
 * without it the answer is 409 `SeveralLinked` with their `providerAccountIds`. JSON gets
 * `{ unlinked: "<id>" }`; a form is sent to its callback URL. Event: `accountUnlinked`.
 */
export async function unlinkAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (!req.providerId) throw new UnknownAction("POST unlink/<providerId>.");
  checkBody(req.body);
  const chosen = chosenAccountId(req.body);
  const adapter = linkAdapter(ctx, ["getUser", "unlinkAccount"], true);
  const current = await sessionStrategy(ctx).current(ctx, req);
  const user = current ? await adapter.getUser(current.id) : null;
  if (!user) return notSignedIn;
  const providerId = req.providerId;
  const linked = await oauthAccountsOf(ctx, adapter, user.id, providerId);
  const account = chosen === undefined ? linked[0] : linked.find((a) => String(a.providerAccountId) === chosen);
  if (!account) return json(404, { error: "NotLinked", message: `You have no account at "${providerId}" to unlink${chosen === undefined ? "" : " with this providerAccountId"}.` });
  if (chosen === undefined && linked.length > 1) {
    const providerAccountIds = linked.map((a) => String(a.providerAccountId));
    return json(409, { error: "SeveralLinked", message: `You have several accounts at "${providerId}"; name one with providerAccountId.`, providerAccountIds });
  }
  if (!(await keepsAWayIn(ctx, adapter, user, account))) {
    return json(409, { error: "LastSignInMethod", message: "This account is your last way to sign in; add another one before removing it." });
  }
  await adapter.unlinkAccount({ provider: account.provider, providerAccountId: String(account.providerAccountId) });
  await ctx.events.accountUnlinked?.({ user, account, reason: "user" });
  if (wantsJson(req)) return { body: { unlinked: account.provider }, headers: { ...noStore } };
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  return { redirect: callbackUrl, cookies };
}
