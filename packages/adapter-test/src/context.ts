import type { Adapter } from "@latch/core/adapters";
import type { AdapterTestOptions } from "./types.js";

/** The adapter with the methods a test needs, asserted present. */
export type With<K extends keyof Adapter> = Adapter & Required<Pick<Adapter, K>>;

/** True when the adapter stores WebAuthn authenticators and the suite can read them back. */
export function storesAuthenticators({ adapter, db }: AdapterTestOptions): boolean {
  return typeof adapter.createAuthenticator === "function" && db.authenticator !== undefined;
}

/** Returns the adapter typed with the methods, or throws naming the first missing one. */
export function need<K extends keyof Adapter>(options: AdapterTestOptions, ...methods: K[]): With<K> {
  const { adapter } = options;
  const missing = methods.find((method) => typeof adapter[method] !== "function");
  if (missing) throw new Error(`The adapter does not implement ${String(missing)}`);
  return adapter as With<K>;
}

/** Calls an adapter method and turns a synchronous throw into a rejected promise. */
export async function settle<T>(run: () => T | PromiseLike<T>): Promise<T> {
  return await run();
}
