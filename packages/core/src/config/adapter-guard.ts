import type { Adapter, AdapterMethod } from "../adapter.js";
import { AdapterError, AuthError, MissingAdapterMethods } from "../errors.js";

const methods: readonly AdapterMethod[] = [
  "createUser", "getUser", "getUserByEmail", "getUserByAccount", "updateUser", "deleteUser", "linkAccount",
  "unlinkAccount", "getAccount", "createSession", "getSessionAndUser", "updateSession", "deleteSession",
  "createVerificationToken", "useVerificationToken", "createAuthenticator", "getAuthenticator",
  "listAuthenticatorsByUserId", "updateAuthenticatorCounter",
];

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
  return guarded as unknown as Required<Adapter>;
}

/** The methods of `required` that `adapter` lacks. */
export function missingMethods(adapter: Adapter, required: readonly AdapterMethod[]): AdapterMethod[] {
  return required.filter((name) => typeof adapter[name] !== "function");
}
