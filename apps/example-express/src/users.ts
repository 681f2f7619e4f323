// users.ts: a stand-in for your user store (one user: ada@example.com / "correct horse").
// EXAMPLE_LOAD_USERS=<n> adds user-1@example.com … user-<n>@example.com with the same password,
// the simulated users of the scale suite (apps/example-express/test/scale.test.ts).
import { scryptSync, timingSafeEqual } from "node:crypto";

const hash = (password: string) => scryptSync(password, "a-per-user-random-salt", 32);
const people = [{ id: "1", name: "Ada", email: "ada@example.com", passwordHash: hash("correct horse") }];
const loadUsers = Math.min(Number(process.env.EXAMPLE_LOAD_USERS ?? 0) || 0, 10_000);
for (let i = 1; i <= loadUsers; i++) people.push({ id: `load-${i}`, name: `User ${i}`, email: `user-${i}@example.com`, passwordHash: people[0]!.passwordHash });

export const users = {
  async check(email: string, password: string) {
    const person = people.find((p) => p.email === email.trim().toLowerCase());
    if (!person || !timingSafeEqual(hash(password), person.passwordHash)) return null;
    return { id: person.id, name: person.name, email: person.email };
  },
};
