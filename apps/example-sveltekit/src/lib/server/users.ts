import { createHash, timingSafeEqual } from "node:crypto";
import type { User } from "@latch/sveltekit";

/** The example's one credentials user (a real app keeps password hashes in its database). */
export const exampleUser = { id: "alice", name: "Alice Example", email: "alice@example.com", password: "correct horse battery" };

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Checks an email and password against the example user, in constant time. */
export function checkPassword(email: unknown, password: unknown): User | null {
  if (typeof email !== "string" || typeof password !== "string") return null;
  const emailOk = timingSafeEqual(digest(email.trim().toLowerCase()), digest(exampleUser.email));
  const passwordOk = timingSafeEqual(digest(password), digest(exampleUser.password));
  return emailOk && passwordOk ? { id: exampleUser.id, name: exampleUser.name, email: exampleUser.email } : null;
}
