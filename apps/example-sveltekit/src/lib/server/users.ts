import { createHash, timingSafeEqual } from "node:crypto";
import type { User } from "@latch/sveltekit";

/** The example's credentials users (a real app keeps password hashes in its database). */
export const exampleUsers = [
  { id: "alice", name: "Alice Example", email: "alice@example.com", password: "correct horse battery" },
  // Carol's address counts as proven: accepting an invitation would prove it otherwise, ending her earlier sessions.
  { id: "carol", name: "Carol Example", email: "carol@example.com", password: "staple battery horse", proven: true },
] as const;

/** The first of them, the one the walkthrough signs in with. */
export const exampleUser = exampleUsers[0];

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Checks an email and password against the example users, in constant time. */
export function checkPassword(email: unknown, password: unknown): User | null {
  if (typeof email !== "string" || typeof password !== "string") return null;
  const given = digest(email.trim().toLowerCase());
  let found: User | null = null;
  for (const user of exampleUsers) {
    // Every user is compared, so the time does not say which address exists.
    const emailOk = timingSafeEqual(given, digest(user.email));
    const passwordOk = timingSafeEqual(digest(password), digest(user.password));
    if (emailOk && passwordOk) found = { id: user.id, name: user.name, email: user.email };
  }
  return found;
}
