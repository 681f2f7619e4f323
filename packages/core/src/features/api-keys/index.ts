/**
 * API keys: long-lived credentials a user makes for a script or a service that acts for them.
 * A key looks like `<prefix>_<public id>_<secret>`, is shown once, and is stored as the SHA-256 of
 * its secret.
 *
 * @module @latch/core/api-keys
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { apiKeysCode, featureCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import type { ApiKeySettings, ApiKeysOption, ApiKeysOptions } from "../../types/api-key-options.js";
import { apiKeyMethods } from "./adapter-methods.js";
import { InvalidApiKeys } from "./errors.js";
import { apiKeysCodeFor } from "./router.js";
import { apiKeyRows } from "./rows.js";
import { scopeShape } from "./key.js";

export type { ApiKeyInfo, ApiKeyOwner, ApiKeysOption, ApiKeysOptions, VerifiedApiKey, VerifiedApiKeyOwner } from "../../types/api-key-options.js";
export type { ApiKeyChanges, NewApiKey } from "./manage.js";
export { ApiKeyExpired, ApiKeyNotAllowed, ApiKeyNotFound, ApiKeyRateLimited, ApiKeyScopeMissing, InvalidApiKey, InvalidApiKeys, type ApiKeyError } from "./errors.js";
export { createApiKey, listApiKeys, revokeApiKey, updateApiKey, verifyApiKey, type VerifyApiKeyOptions } from "./api.js";

const isWhole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The first problem of the settings with `adapter`, or `null`. */
function problemOf(settings: ApiKeySettings, adapter: Adapter | undefined): AuthError | null {
  const { prefix, cacheSeconds, lastUsedInterval, limit } = settings;
  if (typeof prefix !== "string" || !/^[a-z][a-z0-9]{0,15}$/.test(prefix)) return new InvalidApiKeys("ApiKeys: prefix is 1 to 16 lowercase letters and digits, starting with a letter (no underscore: it separates the key's parts).");
  if (!isWhole(cacheSeconds, 0, 60)) return new InvalidApiKeys("ApiKeys: cacheSeconds is a whole number of seconds from 0 to 60 (how long a revoked key may still pass on another instance).");
  if (!isWhole(lastUsedInterval, 1, 24 * 60 * 60)) return new InvalidApiKeys("ApiKeys: lastUsedInterval is a whole number of seconds from 1 to 86400.");
  if (limit !== false && (!isWhole(limit.max, 1, 1e9) || !isWhole(limit.window, 1, 24 * 60 * 60))) return new InvalidApiKeys("ApiKeys: limit is false, or { max, window } in whole requests and seconds.");
  if (settings.scopes && !(Array.isArray(settings.scopes) && settings.scopes.length <= 50 && settings.scopes.every((scope) => typeof scope === "string" && scopeShape.test(scope)))) {
    return new InvalidApiKeys("ApiKeys: scopes is a list of at most 50 strings of letters, digits and :._-/* (1 to 100 characters each).");
  }
  if (!adapter) return new MissingAdapter("ApiKeys stores its keys through the adapter; set `adapter`.");
  const missing = apiKeyMethods.filter((name) => !adapterHas(adapter, name));
  if (missing.length) return new MissingAdapterMethods(missing, `ApiKeys stores its keys through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them (@latch/pg, @latch/typeorm, @latch/drizzle, @latch/kysely, @latch/prisma or @latch/redis).`);
  return null;
}

/**
 * Turns on API keys. A request with `x-api-key: <key>` or `Authorization: Bearer <key>` (a key
 * of this prefix) is read as its owner's session wherever Latch reads one (`GET <base>/session`,
 * an integration's `auth()`), with the key's `id`, `name`, `owner` and `scopes` in
 * `session.apiKey`; a key may read its session and, with the `api-keys` scope, manage its
 * owner's keys, and nothing else. The owner manages keys at `GET <base>/api-keys` and
 * `POST <base>/api-keys/create|update|revoke`, or with the server API (`createApiKey`,
 * `verifyApiKey`, …). Needs an adapter with `createApiKey`, `getApiKey`, `listApiKeys`,
 * `updateApiKey` and `deleteApiKey`. Pass it as `apiKeys`.
 *
 * @example
 * ```ts
 * import { ApiKeys } from "@latch/core/api-keys"
 * const config = { adapter, providers, apiKeys: ApiKeys({ prefix: "acme" }) }
 * ```
 */
export function ApiKeys(options: ApiKeysOptions = {}): ApiKeysOption {
  const settings: ApiKeySettings = Object.freeze({
    prefix: options.prefix ?? "latch",
    cacheSeconds: options.cacheSeconds ?? 60,
    lastUsedInterval: options.lastUsedInterval ?? 300,
    limit: options.limit === false ? false : Object.freeze({ max: options.limit?.max ?? 600, window: options.limit?.window ?? 60 }),
    ...(options.scopes === undefined ? {} : { scopes: Object.freeze([...options.scopes]) }),
  });
  const code = apiKeysCodeFor(settings, (adapter) => problemOf(settings, adapter));
  const option: ApiKeysOption = {
    [apiKeysCode]: code,
    [featureCode]: {
      rows: apiKeyRows,
      // The English of the API-keys page.
      english: () => import("./english.js").then((m) => m.apiKeyEnglish),
      check: code.check,
      // A request that presents a key is answered by the key's code (before bearer sessions, which would read it as a session token).
      route(ctx: Parameters<typeof code.run>[0], req: AuthRequest, next: (req: AuthRequest) => Promise<ResponseInternal>) {
        const keyed = code.adopt(req);
        return keyed && ([keyed, () => code.run(ctx, keyed, next)] as const);
      },
    },
  };
  return option;
}
