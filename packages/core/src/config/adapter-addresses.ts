// The stored spelling of email addresses (PROTOCOL §6 "Email identifier"), applied where every
// adapter call passes (the adapter guard), so no flow can store or look up another spelling.
import type { AdapterMethod } from "../adapter.js";
import { canonicalEmail } from "../security/email-spelling.js";

const spelled = (email: unknown) => (typeof email === "string" ? canonicalEmail(email) : email);

/** A user with its address, when it has one, in the stored spelling. */
const withStoredEmail = (user: any) => (user?.email === undefined ? user : { ...user, email: spelled(user.email) });

/**
 * The adapter methods that receive an address, and how their arguments are rewritten: the user
 * of `createUser` and `updateUser` is stored with its address in the stored spelling, and
 * `getUserByEmail` looks that spelling up.
 */
export const addressArguments: Partial<Record<AdapterMethod, (args: unknown[]) => unknown[]>> = {
  createUser: ([user]) => [withStoredEmail(user)],
  updateUser: ([user]) => [withStoredEmail(user)],
  getUserByEmail: ([email]) => [spelled(email)],
};
