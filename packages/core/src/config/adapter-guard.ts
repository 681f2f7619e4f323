import type { Adapter, AdapterMethod } from "../adapter.js";
import { AdapterError, AuthError, MissingAdapterMethods } from "../errors.js";

const methods: readonly AdapterMethod[] = [
  "createUser", "getUser", "getUserByEmail", "getUserByAccount", "updateUser", "deleteUser", "linkAccount",
  "unlinkAccount", "getAccount", "createSession", "getSessionAndUser", "updateSession", "deleteSession",
  "createVerificationToken", "useVerificationToken", "createAuthenticator", "getAuthenticator",
  "listAuthenticatorsByUserId", "updateAuthenticatorCounter", "deleteAuthenticator", "deleteSessions", "listSessions",
  "deleteSessionById", "getAccountByUserId", "leaseAccount", "releaseAccount",
  "getPassword", "setPassword", "replacePasswordHash", "deletePassword",
];

/** The methods each guarded adapter really has (the guard itself has every name). */
const present = new WeakMap<Adapter, ReadonlySet<AdapterMethod>>();

/**
 * Wraps every adapter method: a missing one throws `MissingAdapterMethods` naming it, a throwing
 * one becomes `AdapterError` keeping the original as `cause.err`. Built once per adapter.
 */
export function guardAdapter(adapter: Adapter): Required<Adapter> {
  const guarded = {} as Record<AdapterMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const name of methods) {
    const method = adapter[name] as ((...args: unknown[]) => unknown) | undefined;
    guarded[name] = async (...args) => {
      if (typeof method !== "function") throw new MissingAdapterMethods([name]);
      try {
        return await method.apply(adapter, args);
      } catch (error) {
        if (error instanceof AuthError) throw error;
        throw new AdapterError(`The adapter's ${name} failed.`, { cause: { err: error as Error, method: name } });
      }
    };
  }
  const result = guarded as unknown as Required<Adapter>;
  present.set(result, new Set(methods.filter((name) => typeof adapter[name] === "function")));
  return result;
}

/**
 * True when the adapter behind `adapter` (a guarded one, or a plain one) implements `name`:
 * for the optional methods that change what Latch allows, such as `deleteAuthenticator`.
 */
export function adapterHas(adapter: Adapter | undefined, name: AdapterMethod): boolean {
  if (!adapter) return false;
  const known = present.get(adapter);
  return known ? known.has(name) : typeof adapter[name] === "function";
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
