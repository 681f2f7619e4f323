/** The adapter's SCIM methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
import type { Adapter, ScimAdapter } from "../../adapter.js";
import { guardExtraMethods } from "../../config/adapter-guard.js";
import { scimMethods } from "./adapter-methods.js";

const stores = new WeakMap<Adapter, ScimAdapter>();

/** The SCIM methods of the context's adapter (the check at start made sure it has them). */
export function scimStore(ctx: { readonly adapter?: Adapter }): ScimAdapter {
  const adapter = ctx.adapter!;
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardExtraMethods<ScimAdapter>(adapter, scimMethods)));
  return store;
}
