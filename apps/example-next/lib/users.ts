import { scryptSync, timingSafeEqual } from "node:crypto";
import type { Adapter } from "@latch/next/adapters";

/** The example's one credentials user (a stand-in for your user store). */
export const exampleUser = { id: "example-ada", name: "Ada Lovelace", email: "ada@example.com", password: "correct horse" };

const salt = "example-next-salt";
const hash = (password: string) => scryptSync(password, salt, 32);
const stored = hash(exampleUser.password);

/**
 * The user for an email and password, or `null`. Database sessions belong to stored users, so
 * the user is created in the database on its first sign-in.
 */
export async function checkPassword(adapter: Adapter, email: unknown, password: unknown) {
  if (typeof email !== "string" || typeof password !== "string") return null;
  const emailOk = email.trim().toLowerCase() === exampleUser.email;
  const passwordOk = timingSafeEqual(hash(password), stored);
  if (!emailOk || !passwordOk) return null;
  const known = await adapter.getUserByEmail!(exampleUser.email);
  if (known) return known;
  return adapter.createUser!({ id: exampleUser.id, name: exampleUser.name, email: exampleUser.email, emailVerified: null });
}
