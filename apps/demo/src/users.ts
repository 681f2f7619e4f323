import { timingSafeEqual } from "node:crypto";
import type { User } from "@latch/core";

/** The demo's one credentials user, written on the sign-in page. */
export const demoUser = { username: "demo", password: "latch-demo", id: "demo-user", name: "Demo User", email: "demo@latch.test" };

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks a username and password against the demo user (in constant time). */
export function checkDemoPassword(username: unknown, password: unknown): User | null {
  if (typeof username !== "string" || typeof password !== "string") return null;
  const userOk = same(username.trim().toLowerCase(), demoUser.username);
  const passwordOk = same(password, demoUser.password);
  if (!userOk || !passwordOk) return null;
  return { id: demoUser.id, name: demoUser.name, email: demoUser.email };
}
