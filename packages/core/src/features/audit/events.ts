/**
 * The events of the config (`events` of `AuthConfig`) the audit trail records, and what each
 * becomes: the one place core already announces sign-ins, sign-outs, new users, linked and
 * unlinked accounts, passwords, second factors, passkeys and ended sessions. Only ids and short
 * facts are kept: never a password, a token, an address or a profile.
 */
import type { AuditInput } from "../../types/audit-options.js";
import type { EventCallbacks } from "../../types/events.js";

type Message<K extends keyof EventCallbacks> = Parameters<NonNullable<EventCallbacks[K]>>[0];

/** An event of the config that is recorded, and its record. */
export const auditedEvents: { readonly [K in keyof EventCallbacks]?: (message: Message<K>) => AuditInput } = {
  signIn: ({ user, account, isNewUser }) => ({
    action: "signIn",
    actorUserId: user.id ?? null,
    subjectUserId: user.id ?? null,
    details: { provider: account?.provider ?? null, ...(isNewUser ? { newUser: true } : {}) },
  }),
  signOut: (message) => {
    const userId = "session" in message ? message.session?.userId : typeof message.token?.sub === "string" ? message.token.sub : undefined;
    return { action: "signOut", actorUserId: userId ?? null, subjectUserId: userId ?? null };
  },
  createUser: ({ user }) => ({ action: "user.created", subjectUserId: user.id ?? null }),
  linkAccount: ({ user, account }) => ({
    action: account.type === "webauthn" ? "passkey.added" : "account.linked",
    actorUserId: user.id ?? null,
    subjectUserId: user.id ?? null,
    details: { provider: account.provider },
  }),
  accountUnlinked: ({ user, account, reason }) => ({ action: "account.unlinked", actorUserId: reason === "user" ? user.id : null, subjectUserId: user.id, details: { provider: account.provider, reason } }),
  authenticatorRemoved: ({ user, reason }) => ({ action: "passkey.removed", subjectUserId: user.id, details: { reason } }),
  passwordChanged: ({ user }) => ({ action: "password.changed", actorUserId: user.id, subjectUserId: user.id }),
  passwordReset: ({ user }) => ({ action: "password.reset", subjectUserId: user.id }),
  passwordRemoved: ({ user, reason }) => ({ action: "password.removed", subjectUserId: user.id, details: { reason } }),
  emailChanged: ({ user }) => ({ action: "email.changed", actorUserId: user.id, subjectUserId: user.id }),
  emailProven: ({ user, provider }) => ({ action: "email.proven", subjectUserId: user.id, details: { provider } }),
  factorEnrolled: ({ user, kind }) => ({ action: "secondFactor.added", actorUserId: user.id, subjectUserId: user.id, details: { kind } }),
  factorRemoved: ({ user, kind }) => ({ action: "secondFactor.removed", actorUserId: user.id, subjectUserId: user.id, details: { kind } }),
  secondFactorFailed: ({ userId, kind }) => ({ action: "secondFactor.used", outcome: "failure", subjectUserId: userId, details: { kind } }),
  sessionRevoked: ({ userId, scope, count }) => ({ action: "sessions.ended", actorUserId: userId, subjectUserId: userId, details: { scope, count } }),
  sessionsEnded: ({ user, count, reason }) => ({ action: "sessions.ended", subjectUserId: user.id, details: { scope: "all", count, reason } }),
};
