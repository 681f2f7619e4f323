/**
 * The browser's side of Latch in a TanStack Start app: `@latch/react` (`SessionProvider`,
 * `useSession`, `signIn`, `signOut`, `getSession`, `getCsrfToken`, `getProviders`), here too so
 * that an app imports Latch from one package.
 *
 * @example
 * ```tsx
 * import { useSession } from "@latch/tanstack-start/react"
 * export function Who() {
 *   const { data: session, status } = useSession()
 *   return status === "authenticated" ? <p>Signed in as {session.user?.name}</p> : null
 * }
 * ```
 * @module @latch/tanstack-start/react
 */
export * from "@latch/react";
