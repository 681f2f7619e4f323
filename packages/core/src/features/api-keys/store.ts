/** The adapter's API-key methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
import type { Adapter, ApiKeyAdapter } from "../../adapter.js";
import { guardApiKeyMethods } from "../../config/adapter-guard.js";

const stores = new WeakMap<Adapter, ApiKeyAdapter>();

/** The API-key methods of the context's adapter (the configuration check made sure it has them). */
export function keyStore(ctx: { readonly adapter?: Adapter }): ApiKeyAdapter {
  const adapter = ctx.adapter!;
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardApiKeyMethods(adapter)));
  return store;
}
