/**
 * SCIM 2.0 provisioning per organization (RFC 7643, RFC 7644): an organization's identity
 * provider (Okta, Microsoft Entra ID…) creates, updates, deactivates and removes the
 * organization's users and groups at `<base>/scim/v2`, with an organization's API key as its
 * bearer token.
 *
 * @module @latch/core/scim
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { featureCode, scimSettings } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import type { ScimOption, ScimOptions, ScimSettings } from "../../types/scim-options.js";
import { scimMethods } from "./adapter-methods.js";
import { InvalidScim } from "./errors.js";
import { scimRows } from "./rows.js";

export type { ScimOption, ScimOptions } from "../../types/scim-options.js";
export {
  InvalidScim, ScimForbidden, ScimInvalidFilter, ScimInvalidPath, ScimInvalidValue, ScimMutability, ScimNoTarget, ScimNotFound, ScimRefusal, ScimUnauthorized, ScimUniqueness, type ScimError,
} from "./errors.js";

/** The first problem of the settings with the adapter and the session options, or `null`. */
function problemOf(settings: ScimSettings, adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: object }): AuthError | null {
  const { scope, maxResults, groupRoles, defaultRole } = settings;
  if (typeof scope !== "string" || !/^[\w:./*-]{1,100}$/.test(scope)) return new InvalidScim("Scim: scope is an API-key scope (1 to 100 letters, digits and :._-/*).");
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000) return new InvalidScim("Scim: maxResults is a whole number from 1 to 1000.");
  if (typeof defaultRole !== "string" || !defaultRole) return new InvalidScim("Scim: defaultRole is a role's name.");
  if (!groupRoles || typeof groupRoles !== "object" || Object.values(groupRoles).some((role) => typeof role !== "string")) return new InvalidScim("Scim: groupRoles maps a group's displayName to a role's name.");
  if (!adapter) return new MissingAdapter("Scim stores the provisioned users and groups through the adapter; set `adapter`.");
  const needed = [...scimMethods, ...(session.strategy === "jwt" ? [] : (["deleteSessions", "getUserByEmail", "createUser"] as const))];
  const missing = needed.filter((name) => !adapterHas(adapter, name));
  if (missing.length) return new MissingAdapterMethods(missing, `Scim stores its records through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them (@latch/pg).`);
  // A deprovisioned user's JWT must end at once: only revocation ends it.
  if (session.strategy === "jwt" && !session.revocation) return new InvalidScim('Scim with JWT sessions needs session.revocation = JwtRevocation() of @latch/core/revocation, so that deprovisioning signs the user out at once; or use session: { strategy: "database" }.');
  return null;
}

/**
 * Turns on SCIM 2.0 provisioning per organization: `<base>/scim/v2/Users`, `/Groups`,
 * `/ServiceProviderConfig`, `/ResourceTypes` and `/Schemas` (PROTOCOL §13). The token is an
 * organization's API key with the `scim` scope (`ApiKeys()`, made by an owner on the
 * organization's API-keys page or with `createApiKey`); it reaches that organization's users and
 * groups only. A provisioned user becomes a member with `defaultRole`; `active: false` or DELETE
 * ends the membership and every session of the user at once. Needs `Organizations()`,
 * `ApiKeys()`, an adapter with the methods of `ScimAdapter` (`@latch/pg`), and with JWT sessions
 * `JwtRevocation()`. Pass it as `scim`.
 *
 * @example
 * ```ts
 * import { ApiKeys } from "@latch/core/api-keys"
 * import { Organizations } from "@latch/core/organizations"
 * import { Scim } from "@latch/core/scim"
 * const config = { adapter, providers, organizations: Organizations(), apiKeys: ApiKeys(), scim: Scim({ groupRoles: { Admins: "admin" } }) }
 * ```
 */
export function Scim(options: ScimOptions = {}): ScimOption {
  const settings: ScimSettings = Object.freeze({
    scope: options.scope ?? "scim",
    defaultRole: options.defaultRole ?? "member",
    groupRoles: Object.freeze({ ...options.groupRoles }),
    groupTeams: options.groupTeams === true,
    maxResults: options.maxResults ?? 100,
  });
  return {
    [scimSettings]: settings,
    [featureCode]: {
      rows: scimRows,
      check: (adapter, session) => problemOf(settings, adapter, session),
      // Server to server: the row reads its bearer token itself, and no cookie reaches it (nor any other feature's reading of the request).
      route(_ctx: object, req: AuthRequest, next: (req: AuthRequest) => Promise<ResponseInternal>) {
        if (!req.row || !scimRows.includes(req.row)) return undefined;
        const bare: AuthRequest = { ...req, cookies: {} };
        return [bare, () => next(bare)] as const;
      },
    },
  };
}
