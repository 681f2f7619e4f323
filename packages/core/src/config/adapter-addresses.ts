// The stored spelling of email addresses (PROTOCOL §6 "Email identifier"), applied where every
// adapter call passes (the adapter guard), so no flow can store or look up another spelling.
import type { AdapterMethod } from "../adapter.js";
import { canonicalEmail } from "../security/email-address.js";

/** `value` with its `email` in the stored spelling, when it has a string one. */
function withStoredEmail(value: unknown): unknown {
  if (typeof value !== "object" || value === null || typeof (value as { email?: unknown }).email !== "string") return value;
  return { ...value, email: canonicalEmail((value as { email: string }).email) };
}

/**
 * The adapter methods that receive an address, and how their arguments are rewritten: the user
 * of `createUser` and `updateUser` is stored with its address in the stored spelling, and
 * `getUserByEmail` looks that spelling up.
 */
export const addressArguments: Partial<Record<AdapterMethod, (args: unknown[]) => unknown[]>> = {
  createUser: ([user, ...rest]) => [withStoredEmail(user), ...rest],
  updateUser: ([user, ...rest]) => [withStoredEmail(user), ...rest],
  getUserByEmail: ([email, ...rest]) => [typeof email === "string" ? canonicalEmail(email) : email, ...rest],
};
