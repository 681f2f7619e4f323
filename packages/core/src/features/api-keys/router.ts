/**
 * API keys at the router: a request that presents a key (`x-api-key`, or `Authorization: Bearer`
 * with the key's prefix) is read without its cookies, its key verified, and then it may only read
 * its session or manage its owner's keys; any other action (signing in or out, a password or
 * factor change, an access token) is refused with `ApiKeyNotAllowed`. Such a request needs no
 * CSRF token because it carries no ambient credential: a browser never sends either header to
 * another site without that site's consent (CORS, which Latch never grants), and its cookies are
 * not read.
 */
import { bearerCredential } from "../../http/authorization.js";
import type { ApiKeyRouting, AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import type { ApiKeysCode, ApiKeySettings, VerifiedApiKey } from "../../types/api-key-options.js";
import type { ResponseInternal } from "../../types/response.js";
import { ApiKeyNotAllowed } from "./errors.js";
import { looksLikeKey } from "./key.js";
import { createVerifier, type Verifier } from "./verifier.js";

/** What `ApiKeys()` carries: its settings and check, the router's hooks, and its verifier with the cache. */
export interface ApiKeysCodeWithVerifier extends ApiKeysCode, ApiKeyRouting {
  readonly verifier: Verifier;
}

/** The session of a request that authenticated with `key`. */
function sessionOf(settings: ApiKeySettings, key: VerifiedApiKey): ResponseInternal {
  // A key that does not expire is trusted without a new read for the cache period: the session lasts that long.
  const expires = key.expires ?? new Date(Date.now() + settings.cacheSeconds * 1000);
  const apiKey = { id: key.id, name: key.name, owner: { ...key.owner }, scopes: [...key.scopes] };
  // An organization's key is no user's: its session names the organization only (apiKey.owner).
  const user = key.owner.type === "user" ? { user: { id: key.owner.id } } : {};
  return { body: { ...user, expires: expires.toISOString(), apiKey }, headers: { ...noStore } };
}

/** The router's code for `settings`, with `check` (index.ts) and a verifier of its own. */
export function apiKeysCodeFor(settings: ApiKeySettings, check: ApiKeysCode["check"]): ApiKeysCodeWithVerifier {
  const verifier = createVerifier(settings);
  const presented = (headers: Headers): string | undefined => {
    const header = headers.get("x-api-key");
    if (header !== null) return header.trim();
    const token = bearerCredential(headers);
    return token && looksLikeKey(settings.prefix, token) ? token : undefined;
  };
  return {
    settings,
    check,
    verifier,
    presented,
    adopt(req: AuthRequest) {
      // A row that reads its own bearer token (`Scim()`'s) is its feature's to answer.
      if (req.row?.ownCredential) return undefined;
      const value = presented(req.headers);
      return value === undefined ? undefined : { ...req, cookies: {}, withoutAmbientCredential: true, apiKey: { value } };
    },
    async run(ctx, req, next) {
      const key = await verifier.verify(ctx, req.apiKey!.value);
      if (req.method === "GET" && req.action === "session") return sessionOf(settings, key);
      if (req.action === "api-keys") return next({ ...req, apiKey: { value: req.apiKey!.value, key } });
      throw new ApiKeyNotAllowed(`An API key may read its session and manage its owner's keys, not ${req.method} ${req.action}.`);
    },
  };
}
