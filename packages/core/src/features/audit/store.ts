/** The adapter's audit methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
import type { Adapter, AuditAdapter } from "../../adapter.js";
import { guardExtraMethods } from "../../config/adapter-guard.js";
import { auditMethods } from "./adapter-methods.js";

const stores = new WeakMap<Adapter, AuditAdapter>();

/** The audit methods of `adapter` (the configuration check made sure it has them). */
export function auditStore(adapter: Adapter): AuditAdapter {
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardExtraMethods<AuditAdapter>(adapter, auditMethods)));
  return store;
}
