"use client";
import type { Session } from "@latch/core";
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { clientConfig, getSession, onOtherTabChange, onSession, updateSession } from "./client.js";

/** What {@link useSession} returns. */
export type SessionContextValue =
  | { data: Session; status: "authenticated"; update: UpdateSession }
  | { data: null; status: "unauthenticated" | "loading"; update: UpdateSession };

/** Sends `data` to the `jwt`/`session` callbacks (`trigger: "update"`); without data, refetches. */
export type UpdateSession = (data?: unknown) => Promise<Session | null>;

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children: ReactNode;
  /** The session the server already read (`await auth()`), so the first render needs no fetch. */
  session?: Session | null;
  /** Where Latch is mounted; default `/api/auth`. */
  basePath?: string;
  /** Refetch every this many seconds (0, the default, never). */
  refetchInterval?: number;
  /** Refetch when the window regains focus; default `true`. */
  refetchOnWindowFocus?: boolean;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/**
 * Makes the session available to {@link useSession} below it, fetched from `<basePath>/session`
 * (or given by the server) and kept current: on focus, after the client functions run, and when
 * another tab of the site signs in, signs out or updates the session.
 *
 * @example
 * ```tsx
 * // app/layout.tsx
 * <SessionProvider session={await auth()}>{children}</SessionProvider>
 * ```
 */
export function SessionProvider(props: SessionProviderProps): ReactNode {
  const { children, basePath, refetchInterval = 0, refetchOnWindowFocus = true } = props;
  if (basePath) clientConfig.basePath = basePath;
  const [session, setSession] = useState<Session | null | undefined>(props.session);
  const [loading, setLoading] = useState(props.session === undefined);
  // A new session from the server (the layout re-rendered after a Server Action or a navigation)
  // replaces the one held, in this render: children must not see the old one first.
  const [given, setGiven] = useState(props.session);
  if (props.session !== given) {
    setGiven(props.session);
    if (props.session !== undefined) {
      setSession(props.session);
      setLoading(false);
    }
  }

  useEffect(() => {
    if (basePath) clientConfig.basePath = basePath;
    const unsubscribe = onSession((next) => {
      setSession(next);
      setLoading(false);
    });
    if (props.session === undefined) void getSession();
    return () => void unsubscribe();
  }, [basePath, props.session]);

  // Another tab signed in, signed out or updated the session: fetch it again.
  useEffect(() => onOtherTabChange(() => void getSession()), []);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const refetch = () => document.visibilityState === "visible" && void getSession();
    document.addEventListener("visibilitychange", refetch);
    return () => document.removeEventListener("visibilitychange", refetch);
  }, [refetchOnWindowFocus]);

  useEffect(() => {
    if (!refetchInterval) return;
    const timer = setInterval(() => void getSession(), refetchInterval * 1000);
    return () => clearInterval(timer);
  }, [refetchInterval]);

  const update = useCallback<UpdateSession>(async (data) => {
    setLoading(true);
    try {
      return data === undefined ? await getSession() : await updateSession(data);
    } finally {
      setLoading(false);
    }
  }, []);

  const value = useMemo<SessionContextValue>(
    () =>
      session
        ? { data: session, status: "authenticated", update }
        : { data: null, status: loading ? "loading" : "unauthenticated", update },
    [session, loading, update],
  );
  return createElement(SessionContext.Provider, { value }, children);
}

/** Options of {@link useSession}. */
export interface UseSessionOptions {
  /** The component needs a session: signed out, it calls `onUnauthenticated` or goes to the sign-in page. */
  required?: boolean;
  /** What to do instead of going to the sign-in page when `required` and signed out. */
  onUnauthenticated?: () => void;
}

/**
 * The session in a Client Component, inside a {@link SessionProvider}: `{ data, status, update }`,
 * `status` one of `loading`, `authenticated`, `unauthenticated`.
 *
 * @example
 * ```tsx
 * const { data: session, status, update } = useSession()
 * if (status === "authenticated") return <p>Signed in as {session.user?.email}</p>
 * ```
 */
export function useSession(options: UseSessionOptions = {}): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>.");
  const { required, onUnauthenticated } = options;
  const mustLeave = required === true && value.status === "unauthenticated";
  useEffect(() => {
    if (!mustLeave) return;
    if (onUnauthenticated) onUnauthenticated();
    else window.location.href = `${clientConfig.basePath}/signin?${new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })}`;
  }, [mustLeave, onUnauthenticated]);
  if (required && value.status !== "authenticated") return { data: null, status: "loading", update: value.update };
  return value;
}
