import type { LockoutOptions, RateLimitRoute, RouteLimit } from "../types/rate-limit.js";

/**
 * The default limit of each route (the "Defaults" table of docs/site/guides/rate-limits.md). A new
 * route joins with one line here and one in `routes.ts`. Sign-in and every route that sends mail fail closed: a store outage must not
 * open the door to password guessing or mail floods; the others fail open.
 */
export const defaultLimits: Readonly<Record<RateLimitRoute, RouteLimit>> = {
  credentials: { ip: 10, account: 5, window: 60, onStoreError: "closed" },
  email: { ip: 10, account: 3, window: 600, onStoreError: "closed" },
  callback: { ip: 30, account: 10, window: 60, onStoreError: "open" },
  passkey: { ip: 30, account: 0, window: 60, onStoreError: "open" },
  sessionUpdate: { ip: 60, account: 0, window: 60, onStoreError: "open" },
  sessionRevoke: { ip: 10, account: 0, window: 60, onStoreError: "open" },
  accountLink: { ip: 10, account: 0, window: 60, onStoreError: "open" },
  // A token lives minutes: a client asks again when it runs out, not in a loop.
  accessToken: { ip: 60, account: 0, window: 60, onStoreError: "open" },
  signUp: { ip: 5, account: 3, window: 600, onStoreError: "closed" },
  passwordForgot: { ip: 10, account: 3, window: 600, onStoreError: "closed" },
  passwordReset: { ip: 10, account: 5, window: 600, onStoreError: "closed" },
  passwordChange: { ip: 10, account: 0, window: 60, onStoreError: "closed" },
  // Codes are guessed here: a store outage must not lift the limit.
  secondFactor: { ip: 10, account: 0, window: 60, onStoreError: "closed" },
  // Mail: per address (and, for the challenge's codes and address changes, per user too).
  emailCode: { ip: 10, account: 3, window: 600, onStoreError: "closed" },
  // Sends mail to the new address and checks a password or code: closed, as sign-up.
  emailChange: { ip: 5, account: 3, window: 600, onStoreError: "closed" },
  // Invitations mail an address: per address and per inviter (the row), per organization (counted
  // by the action, which knows the organization once it has read the inviter's membership).
  invitation: { ip: 20, account: 5, window: 600, onStoreError: "closed" },
  organizationInvitation: { ip: 0, account: 50, window: 3600, onStoreError: "closed" },
  // Team changes of Organizations({ teams: true }): per network and per signed-in user.
  team: { ip: 60, account: 30, window: 60, onStoreError: "open" },
  // An identity provider's server syncing a directory (Scim()): bursts of hundreds a minute.
  provisioning: { ip: 600, account: 0, window: 60, onStoreError: "open" },
};

/** The default backoff: 15 s after the 5th failure, doubling to at most 15 minutes. */
export const defaultLockout: Required<LockoutOptions> = { freeFailures: 5, baseDelay: 15, maxDelay: 900, memory: 3600 };
