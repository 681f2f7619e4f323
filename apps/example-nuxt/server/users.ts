// users.ts: a stand-in for your user store (one user: ada@example.com / "correct horse")
import { scryptSync, timingSafeEqual } from "node:crypto";

const hash = (password: string) => scryptSync(password, "a-per-user-random-salt", 32);
const people = [{ id: "1", name: "Ada", email: "ada@example.com", passwordHash: hash("correct horse") }];

export const users = {
  async check(email: string, password: string) {
    const person = people.find((p) => p.email === email.trim().toLowerCase());
    if (!person || !timingSafeEqual(hash(password), person.passwordHash)) return null;
    return { id: person.id, name: person.name, email: person.email };
  },
};
