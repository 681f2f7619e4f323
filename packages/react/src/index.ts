/**
 * Latch in any React app (Next.js, React Router, Vite, …), a drop-in for `next-auth/react`:
 * `SessionProvider`, `useSession`, and `signIn`, `signOut`, `getSession`, `getCsrfToken`,
 * `getProviders` speaking the wire protocol over `fetch`.
 *
 * @example
 * ```tsx
 * "use client"
 * import { useSession, signOut } from "@latch/react"
 * export function Who() {
 *   const { data: session } = useSession()
 *   return session ? <button onClick={() => signOut()}>Sign out {session.user?.name}</button> : null
 * }
 * ```
 * @module @latch/react
 */
"use client";
export { SessionProvider, useSession, type SessionContextValue, type SessionProviderProps, type UpdateSession, type UseSessionOptions } from "./session-provider.js";
export { clientConfig, getCsrfToken, getProviders, getSession, signIn, signOut, switchOrganization, SwitchOrganizationError, type ClientSafeProvider, type SignInOptions, type SignInResponse, type SignOutParams } from "./client.js";
export type { Session } from "@latch/core";
