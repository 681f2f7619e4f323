/** The adapter's site-administration methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
import type { Adapter, AdminAdapter } from "../../adapter.js";
import { guardExtraMethods } from "../../config/adapter-guard.js";
import { adminMethods } from "./adapter-methods.js";

const stores = new WeakMap<Adapter, AdminAdapter>();

/** The site-administration methods of `adapter` (the configuration check made sure it has them). */
export function adminStore(adapter: Adapter): AdminAdapter {
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardExtraMethods<AdminAdapter>(adapter, adminMethods)));
  return store;
}
