import { randomUUID } from "node:crypto";
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@latch/core/adapters";

/** A short random suffix so that tests never collide, even on a shared store. */
export function unique(): string {
  return randomUUID().slice(0, 8);
}

/** A date `offsetMs` from now, with millisecond precision as Latch produces them. */
export function dateIn(offsetMs: number): Date {
  return new Date(Date.now() + offsetMs);
}

/** A new user as Latch passes it to `createUser`: a random UUID id, `emailVerified: null`. */
export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  const id = randomUUID();
  return {
    id,
    name: `User ${id.slice(0, 8)}`,
    email: `user-${id}@example.com`,
    image: `https://example.com/avatars/${id}.png`,
    emailVerified: null,
    ...overrides,
  };
}

/** An OAuth account of `userId` with every token field a callback stores. */
export function newAccount(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  return {
    userId,
    type: "oauth",
    provider: `provider-${unique()}`,
    providerAccountId: `account-${unique()}`,
    access_token: `access-${unique()}`,
    refresh_token: `refresh-${unique()}`,
    id_token: `id-${unique()}`,
    scope: "openid profile email",
    token_type: "bearer",
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
}

/** A database session of `userId` that expires in a day. */
export function newSession(userId: string): AdapterSession {
  return { sessionToken: randomUUID(), userId, expires: dateIn(86_400_000) };
}

/** A verification token for a fresh email address. */
export function newVerificationToken(): VerificationToken {
  return { identifier: `verify-${unique()}@example.com`, token: `${unique()}${unique()}`, expires: dateIn(86_400_000) };
}

/** A WebAuthn authenticator of `userId`. */
export function newAuthenticator(userId: string, overrides: Partial<AdapterAuthenticator> = {}): AdapterAuthenticator {
  return {
    credentialID: `cred-${unique()}${unique()}`,
    credentialPublicKey: `pk-${unique()}`,
    counter: 0,
    credentialBackedUp: false,
    credentialDeviceType: "singleDevice",
    providerAccountId: `cred-account-${unique()}`,
    userId,
    transports: "internal,hybrid",
    ...overrides,
  };
}
