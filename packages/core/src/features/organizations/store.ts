/** The adapter's organization methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
import type { Adapter, OrganizationAdapter, TeamAdapter } from "../../adapter.js";
import { guardExtraMethods } from "../../config/adapter-guard.js";
import { organizationMethods, teamMethods } from "./adapter-methods.js";

const stores = new WeakMap<Adapter, OrganizationAdapter>();

/** The organization methods of the context's adapter (the configuration check made sure it has them). */
export function organizationStore(ctx: { readonly adapter?: Adapter }): OrganizationAdapter {
  const adapter = ctx.adapter!;
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardExtraMethods<OrganizationAdapter>(adapter, organizationMethods)));
  return store;
}

const teamStores = new WeakMap<Adapter, TeamAdapter>();

/** The team methods of the context's adapter (the configuration check made sure it has them when teams are on). */
export function teamStore(ctx: { readonly adapter?: Adapter }): TeamAdapter {
  const adapter = ctx.adapter!;
  let store = teamStores.get(adapter);
  if (!store) teamStores.set(adapter, (store = guardExtraMethods<TeamAdapter>(adapter, teamMethods)));
  return store;
}
