/** The adapter's organization methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
import type { Adapter, OrganizationAdapter } from "../../adapter.js";
import { guardExtraMethods } from "../../config/adapter-guard.js";
import { organizationMethods } from "./adapter-methods.js";

const stores = new WeakMap<Adapter, OrganizationAdapter>();

/** The organization methods of the context's adapter (the configuration check made sure it has them). */
export function organizationStore(ctx: { readonly adapter?: Adapter }): OrganizationAdapter {
  const adapter = ctx.adapter!;
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardExtraMethods<OrganizationAdapter>(adapter, organizationMethods)));
  return store;
}
