import type { Adapter, AdapterMethod, AdminAdapterMethod, AuditAdapterMethod, ApiKeyAdapter, ApiKeyAdapterMethod, OrganizationAdapterMethod, ScimAdapterMethod, SessionField, TeamAdapterMethod } from "../adapter.js";

/** A method of the contract or of one of the method sets declared beside it. */
type AnyMethod = AdapterMethod | ApiKeyAdapterMethod | AdminAdapterMethod | OrganizationAdapterMethod | TeamAdapterMethod | AuditAdapterMethod | ScimAdapterMethod;
import { AdapterError, AuthError, MissingAdapterMethods } from "../errors.js";
import { addressArguments } from "./adapter-addresses.js";

const methods: readonly AdapterMethod[] = [
  "createUser", "getUser", "getUserByEmail", "getUserByAccount", "updateUser", "deleteUser", "linkAccount",
  "unlinkAccount", "getAccount", "createSession", "getSessionAndUser", "updateSession", "deleteSession",
  "createVerificationToken", "useVerificationToken", "createAuthenticator", "getAuthenticator",
  "listAuthenticatorsByUserId", "updateAuthenticatorCounter", "deleteAuthenticator", "deleteSessions", "listSessions",
  "deleteSessionById", "getAccountByUserId", "listAccountsByUserId", "leaseAccount", "releaseAccount",
  // Not the password methods: the password flow guards them itself (guardMethods), when it loads.
];

/** The adapter behind each guarded one. */
const unguarded = new WeakMap<Adapter, Adapter>();

/**
 * `adapter[name]` wrapped: missing, it throws `MissingAdapterMethods`; throwing, `AdapterError`
 * (the original as `cause.err`). An address it receives is passed in its stored spelling
 * ({@link addressArguments}).
 */
function guardMethod(adapter: Adapter, name: AnyMethod): (...args: unknown[]) => Promise<unknown> {
  const method = (adapter as unknown as Record<string, unknown>)[name] as ((...args: unknown[]) => unknown) | undefined;
  const rewrite = addressArguments[name as AdapterMethod];
  return async (...args) => {
    if (typeof method !== "function") throw new MissingAdapterMethods([name]);
    try {
      return await method.apply(adapter, rewrite ? rewrite(args) : args);
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw new AdapterError(`The adapter's ${name} failed.`, { cause: { err: error as Error, method: name } });
    }
  };
}

/**
 * Wraps every adapter method: a missing one throws `MissingAdapterMethods` naming it, a throwing
 * one becomes `AdapterError` keeping the original as `cause.err`, and addresses reach the adapter
 * in their stored spelling. Built once per adapter.
 */
export function guardAdapter(adapter: Adapter): Required<Adapter> {
  const guarded = {} as Record<AdapterMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const name of methods) guarded[name] = guardMethod(adapter, name);
  const result = guarded as unknown as Required<Adapter>;
  unguarded.set(result, adapter);
  return result;
}

/**
 * The methods `names` of the adapter behind `adapter` (a guarded one, or a plain one), guarded
 * like {@link guardAdapter}'s: for optional methods whose feature loads its code when first used
 * (the password methods), so the guard every app loads does not list them.
 */
export function guardMethods<K extends AdapterMethod>(adapter: Adapter, names: readonly K[]): Required<Pick<Adapter, K>> {
  const raw = unguarded.get(adapter) ?? adapter;
  return Object.fromEntries(names.map((name) => [name, guardMethod(raw, name)])) as unknown as Required<Pick<Adapter, K>>;
}

/** The API-key methods of the adapter behind `adapter` (guarded or plain), guarded as its others are. */
export function guardApiKeyMethods(adapter: Adapter): ApiKeyAdapter {
  return guardExtraMethods<ApiKeyAdapter>(adapter, ["createApiKey", "getApiKey", "listApiKeys", "updateApiKey", "deleteApiKey"]);
}

/** The methods `names` of a set declared beside the contract (`AdminAdapter`, `OrganizationAdapter`), of the adapter behind `adapter`, guarded as its others are. */
export function guardExtraMethods<T>(adapter: Adapter, names: readonly (keyof T & AnyMethod)[]): T {
  const raw = unguarded.get(adapter) ?? adapter;
  return Object.fromEntries(names.map((name) => [name, guardMethod(raw, name)])) as unknown as T;
}

/**
 * True when the adapter behind `adapter` (a guarded one, or a plain one) implements `name`:
 * for the optional methods that change what Latch allows, such as `deleteAuthenticator`.
 */
export function adapterHas(adapter: Adapter | undefined, name: AnyMethod): boolean {
  return !!adapter && typeof ((unguarded.get(adapter) ?? adapter) as unknown as Record<string, unknown>)[name] === "function";
}

/** The methods of `required` that `adapter` lacks. */
export function missingMethods(adapter: Adapter, required: readonly AdapterMethod[]): AdapterMethod[] {
  return required.filter((name) => typeof adapter[name] !== "function");
}

/**
 * Whether a visitor who is not signed in may register a passkey (creating a user) with this
 * adapter: only when it can remove that passkey once the address is proven (PROTOCOL §6).
 */
export function signedOutPasskeysAllowed(adapter: Adapter | undefined): boolean {
  return adapterHas(adapter, "deleteAuthenticator");
}

/**
 * The session fields the adapter behind `adapter` declared it stores ({@link Adapter.sessionFields}):
 * only these are passed to `createSession` and `updateSession`. None for an adapter that
 * declares nothing (an Auth.js adapter).
 */
export function declaredSessionFields(adapter: Adapter | undefined): ReadonlySet<SessionField> {
  const fields = adapter ? (unguarded.get(adapter) ?? adapter).sessionFields : undefined;
  return new Set(Array.isArray(fields) ? fields : []);
}
