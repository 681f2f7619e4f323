/**
 * Latch in React Client Components, a drop-in for `next-auth/react`: `@latch/react` under the
 * import path next-auth users already have (`SessionProvider`, `useSession`, and `signIn`,
 * `signOut`, `getSession`, `getCsrfToken`, `getProviders`).
 *
 * @example
 * ```tsx
 * "use client"
 * import { useSession, signOut } from "@latch/next/react"
 * export function Who() {
 *   const { data: session } = useSession()
 *   return session ? <button onClick={() => signOut()}>Sign out {session.user?.name}</button> : null
 * }
 * ```
 * @module @latch/next/react
 */
"use client";
export { SessionProvider, useSession, getCsrfToken, getProviders, getSession, signIn, signOut, switchOrganization, SwitchOrganizationError, type SessionContextValue, type SessionProviderProps, type UpdateSession, type UseSessionOptions, type ClientSafeProvider, type SignInOptions, type SignInResponse, type SignOutParams, type Session } from "@latch/react";
