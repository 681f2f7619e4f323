import { scryptSync, timingSafeEqual } from "node:crypto";
import type { Adapter } from "@latch/next/adapters";

/** The example's credentials users (a stand-in for your user store). */
export const exampleUsers = [
  { id: "example-ada", name: "Ada Lovelace", email: "ada@example.com", password: "correct horse" },
  // Grace's address counts as proven: accepting an invitation would prove it otherwise, ending her earlier sessions.
  { id: "example-grace", name: "Grace Hopper", email: "grace@example.com", password: "analytical engine", proven: true },
] as const;

/** The first of them, the one the walkthrough signs in with. */
export const exampleUser = exampleUsers[0];

const salt = "example-next-salt";
const hash = (password: string) => scryptSync(password, salt, 32);
const stored = exampleUsers.map((user) => hash(user.password));

/**
 * The user for an email and password, or `null`. Database sessions belong to stored users, so
 * the user is created in the database on its first sign-in.
 */
export async function checkPassword(adapter: Adapter, email: unknown, password: unknown) {
  if (typeof email !== "string" || typeof password !== "string") return null;
  const given = hash(password);
  const at = exampleUsers.findIndex((user) => user.email === email.trim().toLowerCase());
  // The password is compared even for an unknown address, so both take the same time.
  const passwordOk = timingSafeEqual(given, stored[Math.max(at, 0)]!);
  if (at < 0 || !passwordOk) return null;
  const user = exampleUsers[at]!;
  const known = await adapter.getUserByEmail!(user.email);
  if (known) return known;
  return adapter.createUser!({ id: user.id, name: user.name, email: user.email, emailVerified: "proven" in user ? new Date() : null });
}
