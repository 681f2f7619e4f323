/**
 * `useSession()`: the session of the page, rendered on the server and handed to the browser in
 * Nuxt's payload, so a signed-in visitor never sees the signed-out page first. Auto-imported by
 * the module.
 */
import type { Session } from "@latch/core";
import type { ComputedRef } from "vue";
import { computed, useRuntimeConfig, useState } from "#imports";
import { signIn as browserSignIn, signOut as browserSignOut, type ClientAuthorizationParams, type ClientSignInOptions, type ClientSignOutOptions } from "./client.js";

/** The key of the session in Nuxt's state (and payload). */
export const sessionStateKey = "latch:session";

/** Where the session stands: read and present, read and absent, or not read yet (in the browser, before {@link LatchSession.refresh}). */
export type SessionStatus = "authenticated" | "unauthenticated" | "loading";

/** What {@link useSession} returns. */
export interface LatchSession {
  /** The session, or `null` when signed out (and while loading). */
  readonly data: ComputedRef<Session | null>;
  /** Where the session stands. */
  readonly status: ComputedRef<SessionStatus>;
  /** Reads the session again from `<basePath>/session` (in the browser) and answers it. */
  refresh(): Promise<Session | null>;
  /** The browser's sign-in (see `signIn`), with the module's base path. */
  signIn(providerId?: string, options?: ClientSignInOptions, authorizationParams?: ClientAuthorizationParams): Promise<Response | undefined>;
  /** The browser's sign-out (see `signOut`), with the module's base path. */
  signOut(options?: ClientSignOutOptions): Promise<void>;
}

/** The base path of the module's options, from the public runtime config. */
export function latchBasePath(): string {
  return useRuntimeConfig().public.latch?.basePath ?? "/api/auth";
}

/**
 * The browser's sign-in (`@latch/nuxt/client`'s) at the module's base path; auto-imported.
 *
 * @example
 * ```vue
 * <button @click="signIn('github', { callbackUrl: '/dashboard' })">Sign in with GitHub</button>
 * ```
 */
export function signIn(providerId?: string, options: ClientSignInOptions = {}, authorizationParams?: ClientAuthorizationParams): Promise<Response | undefined> {
  return browserSignIn(providerId, { basePath: latchBasePath(), ...options }, authorizationParams);
}

/**
 * The browser's sign-out (`@latch/nuxt/client`'s) at the module's base path; auto-imported.
 *
 * @example
 * ```vue
 * <button @click="signOut({ callbackUrl: '/' })">Sign out</button>
 * ```
 */
export function signOut(options: ClientSignOutOptions = {}): Promise<void> {
  return browserSignOut({ basePath: latchBasePath(), ...options });
}

/** Reads `<basePath>/session` in the browser; `null` when signed out or unreadable. */
export async function fetchSession(basePath: string): Promise<Session | null> {
  try {
    const response = await fetch(`${basePath}/session`, { headers: { accept: "application/json" } });
    if (!response.ok) return null;
    const data = (await response.json()) as Session | null;
    return data && Object.keys(data).length ? data : null;
  } catch {
    return null;
  }
}

/**
 * The session of the page: on the server, read from the request before rendering; in the browser,
 * the one the server rendered (from the payload).
 *
 * @example
 * ```vue
 * <script setup lang="ts">
 * const { data: session, status } = useSession()
 * </script>
 * <template>
 *   <p v-if="status === 'authenticated'">Hello {{ session?.user?.name }}</p>
 * </template>
 * ```
 */
export function useSession(): LatchSession {
  const state = useState<Session | null | undefined>(sessionStateKey, () => undefined);
  const basePath = latchBasePath();
  return {
    data: computed(() => state.value ?? null),
    status: computed<SessionStatus>(() => (state.value === undefined ? "loading" : state.value?.user ? "authenticated" : "unauthenticated")),
    async refresh() {
      state.value = await fetchSession(basePath);
      return state.value;
    },
    signIn: (providerId, options = {}, authorizationParams) => browserSignIn(providerId, { basePath, ...options }, authorizationParams),
    signOut: (options = {}) => browserSignOut({ basePath, ...options }),
  };
}
