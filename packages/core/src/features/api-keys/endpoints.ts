/**
 * `GET <base>/api-keys`, `POST <base>/api-keys/create`, `…/update` and `…/revoke` (PROTOCOL §13):
 * the caller's keys. The caller is the signed-in user (a cookie or bearer session), or an API
 * key holding the `api-keys` scope, which acts for its owner and gives no key more than it has
 * itself: a key it makes or changes gets a subset of its scopes and expires no later than it.
 */
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import { InvalidRequest, UnknownAction } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { currentDatabaseUser, currentJwtUser } from "../../session/index.js";
import type { ApiKeyOwner, VerifiedApiKey } from "../../types/api-key-options.js";
import type { ResponseInternal } from "../../types/response.js";
import { ApiKeyScopeMissing, NotSignedIn } from "./errors.js";
import { changeKey, makeKey, ownerKeys, revokeKey, type ManageContext, type NewApiKey } from "./manage.js";

/** The scope that lets a key manage its owner's keys. */
export const manageScope = "api-keys";

type EndpointContext = SessionReadContext & ManageContext & Pick<AuthContext, "apiKeys">;

interface Caller {
  readonly owner: ApiKeyOwner;
  /** Set when the caller is an API key. */
  readonly key?: VerifiedApiKey;
}

async function callerOf(ctx: EndpointContext, req: AuthRequest): Promise<Caller> {
  const key = req.apiKey?.key;
  if (key) {
    if (!key.scopes.includes(manageScope)) throw new ApiKeyScopeMissing(`Managing API keys with an API key needs its "${manageScope}" scope.`);
    return { owner: key.owner, key };
  }
  const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
  if (!current) throw new NotSignedIn("Sign in to manage your API keys.");
  return { owner: { type: "user", id: current.id } };
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

/** `GET /api-keys`: `{ keys }`, the caller's keys, never a secret or a hash. */
export async function listAction(ctx: EndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("GET api-keys.");
  const { owner } = await callerOf(ctx, req);
  return { body: { keys: await ownerKeys(ctx, owner) }, headers: { ...noStore } };
}

/** `POST /api-keys/create` (`{ name, scopes?, expires? }`): `{ key, apiKey }`, the key shown this once. */
export async function createAction(ctx: EndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const asked = granted(caller, bodyOf(req));
  // A key's key has no scope and no later expiry than its maker unless it asks for less.
  if (caller.key && !("scopes" in asked)) asked.scopes = [];
  if (caller.key?.expires && !("expires" in asked)) asked.expires = caller.key.expires;
  const made = await makeKey(ctx, caller.owner, { ...asked, name: asked.name as string });
  return { status: 201, body: made, headers: { ...noStore } };
}

/** `POST /api-keys/update` (`{ id, name?, scopes?, expires? }`): `{ apiKey }`. */
export async function updateAction(ctx: EndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const body = bodyOf(req);
  const changes = granted(caller, body);
  if (!Object.keys(changes).length) throw new InvalidRequest("Give a name, scopes or an expiry to change.");
  return { body: { apiKey: await changeKey(ctx, caller.owner, body.id, changes) }, headers: { ...noStore } };
}

/** `POST /api-keys/revoke` (`{ id }`): `{ revoked: true }`. */
export async function revokeAction(ctx: EndpointContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  await revokeKey(ctx, caller.owner, bodyOf(req).id);
  return { body: { revoked: true }, headers: { ...noStore } };
}
