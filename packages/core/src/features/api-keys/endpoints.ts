/**
 * `GET <base>/api-keys`, `POST <base>/api-keys/create`, `…/update` and `…/revoke` (PROTOCOL §13):
 * the caller's keys. The caller is the signed-in user (a cookie or bearer session), or an API
 * key holding the `api-keys` scope, which acts for its owner and gives no key more than it has
 * itself: a key it makes or changes gets a subset of its scopes and expires no later than it.
 */
import type { AuthContext } from "../../config/context.js";
import type { LanguageContext, PageContext, SessionReadContext } from "../../config/slices.js";
import { InvalidRequest, UnknownAction } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import { chooseLanguage } from "../../pages/language.js";
import { csrfOf } from "../../security/request-checks.js";
import { currentDatabaseUser, currentJwtUser } from "../../session/index.js";
import type { ApiKeyOwner, VerifiedApiKey } from "../../types/api-key-options.js";
import type { ResponseInternal } from "../../types/response.js";
import { ApiKeyNotAllowed, ApiKeyScopeMissing, NotSignedIn } from "./errors.js";
import { renderApiKeysPage, type ApiKeysNotice } from "./pages.js";
import { changeKey, codeOf, makeKey, ownerKeys, revokeKey, type ManageContext, type NewApiKey } from "./manage.js";

/** The scope that lets a key manage its owner's keys. */
export const manageScope = "api-keys";

type EndpointContext = SessionReadContext & ManageContext & Pick<AuthContext, "apiKeys" | "baseUrl" | "organizations">;

/** What the endpoints that may answer with the page read: the page's frame, language and CSRF cookie besides. */
type PageEndpointContext = EndpointContext & PageContext & LanguageContext;

interface Caller {
  /** Whose keys the request manages: the signed-in user's, an organization's it names, or the calling key's owner's. */
  readonly owner: ApiKeyOwner;
  /** Set when the caller is a signed-in user. */
  readonly userId?: string;
  /** Set when the caller is an API key. */
  readonly key?: VerifiedApiKey;
}

/** What an action on an organization's keys needs of the caller's role (`Organizations()`'s default statements). */
export type OrganizationKeyPermission = "apiKey:create" | "apiKey:revoke";

/**
 * The caller and whose keys they manage. A request naming `organizationId` manages that
 * organization's keys: a signed-in member whose role allows `permission` (403
 * `OrganizationPermissionDenied`; 404 `OrganizationNotFound` for a non-member), or a key of that
 * organization; a user's key never acts for an organization, nor an organization's key for a
 * user or another organization (403 `ApiKeyNotAllowed`).
 */
async function callerOf(ctx: EndpointContext, req: AuthRequest, permission: OrganizationKeyPermission): Promise<Caller> {
  const named = req.method === "GET" ? req.query.organizationId : bodyOf(req).organizationId;
  const key = req.apiKey?.key;
  if (key) {
    if (!key.scopes.includes(manageScope)) throw new ApiKeyScopeMissing(`Managing API keys with an API key needs its "${manageScope}" scope.`);
    if (named !== undefined && (key.owner.type !== "organization" || key.owner.id !== named)) throw new ApiKeyNotAllowed("An API key manages its own owner's keys only.");
    return { owner: { type: key.owner.type, id: key.owner.id }, key };
  }
  const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
  if (!current) throw new NotSignedIn("Sign in to manage your API keys.");
  if (named === undefined) return { owner: { type: "user", id: current.id }, userId: current.id };
  if (!ctx.organizations) throw new InvalidRequest("organizationId names an organization of Organizations(), which this app does not turn on.");
  const { allow, membershipOf } = await import("../organizations/caller.js");
  const { organization, member } = await membershipOf(ctx as unknown as Parameters<typeof membershipOf>[0], req, { userId: current.id });
  await allow(ctx as unknown as Parameters<typeof allow>[0], member, permission as never);
  return { owner: { type: "organization", id: organization.id }, userId: current.id };
}

/** What the body asks a key to be given, bounded by the calling key when there is one. */
function granted(caller: Caller, body: Readonly<Record<string, unknown>>): Partial<NewApiKey> {
  const asked: Partial<NewApiKey> = {};
  if ("name" in body) asked.name = body.name as string;
  if ("scopes" in body) asked.scopes = body.scopes as string[];
  if ("expires" in body) asked.expires = body.expires as Date | null;
  const { key } = caller;
  if (!key) return asked;
  if (Array.isArray(asked.scopes) && asked.scopes.some((scope) => !key.scopes.includes(scope))) {
    throw new ApiKeyScopeMissing("An API key gives another key only scopes it has itself.");
  }
  if (key.expires && "expires" in asked) {
    const until = asked.expires === null || asked.expires === undefined ? null : new Date(asked.expires);
    if (!until || until.getTime() > key.expires.getTime()) throw new ApiKeyScopeMissing("An API key makes keys that expire no later than itself.");
  }
  return asked;
}

const bodyOf = (req: AuthRequest) => req.body ?? {};

/** A browser navigating (it accepts HTML) gets the page; a script gets JSON. */
const wantsPage = (req: AuthRequest) => !req.apiKey && (req.headers.get("accept") ?? "").includes("text/html");

/** A form of the page (not a JSON body) is answered with the page. */
const sentForm = (req: AuthRequest) => !req.apiKey && (req.headers.get("content-type") ?? "").toLowerCase().includes("application/x-www-form-urlencoded");

const day = 24 * 60 * 60 * 1000;

/**
 * The page's create form as the endpoint's JSON would say it: `scopes` a space- or
 * comma-separated field, or one `scope.<n>` checkbox per configured scope; `expiresInDays` one of
 * the page's choices (empty: never).
 */
function formBody(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const scopes =
    typeof body.scopes === "string"
      ? body.scopes.split(/[\s,]+/).filter(Boolean)
      : Object.entries(body).flatMap(([name, value]) => (/^scope\.\d{1,3}$/.test(name) && typeof value === "string" ? [value] : []));
  const days = body.expiresInDays;
  if (days !== undefined && days !== "" && (typeof days !== "string" || !/^\d{1,4}$/.test(days) || Number(days) < 1)) throw new InvalidRequest("expiresInDays is a whole number of days from 1 to 9999, or empty for never.");
  return { name: body.name, scopes, expires: days ? new Date(Date.now() + Number(days) * day) : null };
}

/** The page for a signed-in browser, with `notice`, and its CSRF cookie. */
async function page(ctx: PageEndpointContext, req: AuthRequest, owner: ApiKeyOwner, notice: ApiKeysNotice = {}): Promise<ResponseInternal> {
  const csrf = await csrfOf(ctx, req);
  const { settings } = codeOf(ctx);
  const rendered = renderApiKeysPage({
    keys: await ownerKeys(ctx, owner),
    prefix: settings.prefix,
    scopes: settings.scopes,
    csrfToken: csrf.token,
    action: `${ctx.baseUrl}/api-keys`,
    callbackUrl: ctx.origin,
    theme: ctx.theme,
    notice,
    language: await chooseLanguage(ctx, req.request),
  });
  return withCookies({ status: rendered.status, body: rendered.html, headers: { ...noStore } }, [csrf.cookie]);
}

/** `GET /api-keys`: `{ keys }`, the caller's keys, never a secret or a hash; the API-keys page for a browser. */
export async function listAction(ctx: PageEndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("GET api-keys.");
  if (wantsPage(req)) {
    const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
    if (!current) {
      return { redirect: signInPageUrl(ctx, { callbackUrl: `${ctx.baseUrl}/api-keys` }) };
    }
    return page(ctx, req, { type: "user", id: current.id }, { revoked: req.url.searchParams.get("revoked") === "1" });
  }
  const { owner } = await callerOf(ctx, req, "apiKey:create");
  return { body: { keys: await ownerKeys(ctx, owner) }, headers: { ...noStore } };
}

/**
 * A signed-in user makes a key only within minutes of a sign-in (`auth_time` of the session, as a
 * change of factors or of the address asks): a stolen session cookie cannot mint a lasting
 * credential. Refused with `SecondFactorFreshProof` (403); the page's form goes to the sign-in page
 * instead, back to the page after. A key that makes a key is bounded by its own scopes and expiry.
 */
async function freshlySignedIn(ctx: AuthContext, req: AuthRequest, caller: Caller): Promise<void> {
  if (caller.key) return;
  const { signedInRecently } = await import("../second-factors/freshness.js");
  if (await signedInRecently(ctx, req, caller.userId!)) return;
  const { SecondFactorFreshProof } = await import("../second-factors/errors.js");
  throw new SecondFactorFreshProof("Sign in again to make an API key: a key is made only within 5 minutes of a sign-in.");
}

/**
 * `POST /api-keys/create` (`{ name, scopes?, expires? }`): `{ key, apiKey }`, the key shown this
 * once; the page's form gets the page with the key on it (a name or scope of the wrong shape: the
 * page with the refusal). Needs a sign-in of the last 5 minutes (`SecondFactorFreshProof`).
 */
export async function createAction(ctx: PageEndpointContext & AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req, "apiKey:create");
  const form = sentForm(req);
  try {
    await freshlySignedIn(ctx, req, caller);
  } catch (error) {
    if (!form) throw error;
    return { redirect: signInPageUrl(ctx, { callbackUrl: `${ctx.baseUrl}/api-keys` }) };
  }
  const asked = granted(caller, form ? formBody(bodyOf(req)) : bodyOf(req));
  // A key's key has no scope and no later expiry than its maker unless it asks for less.
  if (caller.key && !("scopes" in asked)) asked.scopes = [];
  if (caller.key?.expires && !("expires" in asked)) asked.expires = caller.key.expires;
  if (!form) return { status: 201, body: await makeKey(ctx, caller.owner, { ...asked, name: asked.name as string }), headers: { ...noStore } };
  try {
    const { key } = await makeKey(ctx, caller.owner, { ...asked, name: asked.name as string });
    return await page(ctx, req, caller.owner, { created: key });
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    return { ...(await page(ctx, req, caller.owner, { invalid: true })), status: 400 };
  }
}

/** `POST /api-keys/update` (`{ id, name?, scopes?, expires? }`): `{ apiKey }`. */
export async function updateAction(ctx: EndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req, "apiKey:create");
  const body = bodyOf(req);
  const changes = granted(caller, body);
  if (!Object.keys(changes).length) throw new InvalidRequest("Give a name, scopes or an expiry to change.");
  return { body: { apiKey: await changeKey(ctx, caller.owner, body.id, changes) }, headers: { ...noStore } };
}

/** `POST /api-keys/revoke` (`{ id }`): `{ revoked: true }`; the page's form is sent back to the page. */
export async function revokeAction(ctx: EndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req, "apiKey:revoke");
  await revokeKey(ctx, caller.owner, bodyOf(req).id);
  if (sentForm(req)) return { redirect: `${ctx.baseUrl}/api-keys?revoked=1` };
  return { body: { revoked: true }, headers: { ...noStore } };
}
