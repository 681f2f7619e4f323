/**
 * What the password endpoint benches share: an in-memory adapter with one verified member, an
 * email provider whose transport takes a chosen time, and a form POST through `Auth()` with its
 * CSRF token.
 */
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter, AdapterPassword, AdapterUser, VerificationToken } from "@latch/core/adapters";
import type { EmailConfig } from "@latch/core/providers";
import Password from "@latch/core/providers/password";
import { cookiePair, get, post, secret } from "./fixtures.js";

/** The account that exists. */
export const member: AdapterUser = { id: "bench-member", name: "Member", email: "member@example.com", image: null, emailVerified: new Date() };

/** Users, passwords and tokens in maps, `member` among the users. */
export function memoryAdapter(): Adapter {
  const users = new Map<string, AdapterUser>([[member.id, member]]);
  const tokens = new Map<string, VerificationToken>();
  const passwords = new Map<string, AdapterPassword>();
  const byEmail = (email: string) => [...users.values()].find((u) => u.email === email) ?? null;
  return {
    getUser: async (id) => users.get(id) ?? null,
    getUserByEmail: async (email) => byEmail(email),
    createUser: async (user) => (users.set(user.id, user), user),
    updateUser: async (user) => {
      const updated = { ...users.get(user.id!)!, ...user };
      users.set(updated.id, updated);
      return updated;
    },
    deleteUser: async (id) => void users.delete(id),
    getPassword: async (userId) => passwords.get(userId) ?? null,
    setPassword: async (password) => (passwords.set(password.userId, password), password),
    createVerificationToken: async (token) => (tokens.set(`${token.identifier} ${token.token}`, token), token),
    useVerificationToken: async ({ identifier, token }) => {
      const found = tokens.get(`${identifier} ${token}`) ?? null;
      tokens.delete(`${identifier} ${token}`);
      return found;
    },
  };
}

/** An email provider whose transport counts the messages and takes `delayMs` for each. */
export function transport(delayMs: number): EmailConfig & { sent: number } {
  const provider = {
    id: "email",
    type: "email" as const,
    name: "Email",
    sent: 0,
    sendVerificationRequest: async () => {},
    sendMessage: async () => {
      provider.sent++;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    },
  };
  return provider;
}

/** JWT sessions, `Password()` and `email` over a fresh {@link memoryAdapter}; nothing logged. */
export function configWith(email: EmailConfig): AuthConfig {
  const logger = { error: () => {}, warn: () => {}, debug: () => {} };
  return { secret, trustHost: true, adapter: memoryAdapter(), session: { strategy: "jwt" }, providers: [email, Password()], logger };
}

/** A browser's form POST to `<base>/<path>`: first `GET /csrf`, then the fields with its token. */
export async function postForm(config: AuthConfig, path: string, fields: Record<string, string>): Promise<Response> {
  const csrf = await Auth(get("csrf"), config);
  const cookie = cookiePair(csrf, "authjs.csrf-token");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return Auth(post(path, cookie, { csrfToken, ...fields }), config);
}
