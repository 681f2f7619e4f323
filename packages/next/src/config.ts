import { raw, setEnvDefaults, skipCSRFCheck, type AdapterSession, type AdapterUser, type AuthConfig, type DefaultSession, type JWT, type Session } from "@latch/core";
import type { Awaitable } from "@latch/core/types";
import type { NextRequest } from "next/server";
import { declaresAddressSource } from "@latch/core/rate-limit";

/**
 * What the `authorized` callback receives: the session of the request (`null` when signed out or
 * when it could not be read) and the request itself.
 */
export interface AuthorizedParams {
  auth: Session | null;
  request: NextRequest;
}

/**
 * The configuration of {@link NextAuth}: `AuthConfig` without `raw`, plus the `authorized`
 * callback that the request interceptor (`proxy.ts`, `middleware.ts`) asks.
 *
 * @example
 * ```ts
 * import type { NextAuthConfig } from "@latch/next"
 * export const authConfig = {
 *   providers: [],
 *   callbacks: { authorized: ({ auth }) => !!auth?.user },
 * } satisfies NextAuthConfig
 * ```
 */
export interface NextAuthConfig extends Omit<AuthConfig, "raw" | "callbacks"> {
  /** The callbacks of `AuthConfig` (`session` typed as next-auth types it), and `authorized`. */
  callbacks?: Omit<NonNullable<AuthConfig["callbacks"]>, "session"> & {
    /**
     * Shapes what the client sees of the session. JWT strategy: `session` and `token` are set;
     * database strategy: `session` and `user`. Typed as in next-auth (every field present), so
     * callbacks written for it compile unchanged.
     */
    session?: (params: SessionCallbackParams) => Awaitable<Session | DefaultSession | Record<string, unknown>>;
    /**
     * Decides, in the request interceptor, whether a request may go on: `true` continues,
     * `false` redirects to the sign-in page with a `callbackUrl`, a `Response` is answered as
     * it is. A redirect target must not itself be protected, or the browser loops.
     */
    authorized?: (params: AuthorizedParams) => boolean | Response | undefined | Promise<boolean | Response | undefined>;
  };
}

/** What the `session` callback receives, as next-auth types it: the fields of both strategies. */
export interface SessionCallbackParams {
  /** The session to shape (database strategy: with the stored session's fields). */
  session: Session & Partial<AdapterSession>;
  /** The decoded token (JWT strategy). */
  token: JWT;
  /** The stored user (database strategy). */
  user: AdapterUser;
  /** The data of an update (`unstable_update`, `useSession().update`). */
  newSession?: any;
  trigger?: "update";
}

/** A config, or a function of the request that returns one (`undefined` outside a request, as in Server Components). */
export type NextAuthConfigInput = NextAuthConfig | ((request: NextRequest | undefined) => NextAuthConfig | PromiseLike<NextAuthConfig>);

/** The Next.js integration's default `basePath`. */
export const defaultBasePath = "/api/auth";

/** A prepared config: what `Auth()` is given, and its variant for calls made on the server itself. */
export interface PreparedConfig {
  /** The user's config with the environment's defaults and `basePath`; never the user's object. */
  readonly config: Omit<AuthConfig, "raw"> & { basePath: string };
  /**
   * For `signIn`, `signOut` and `unstable_update` called from server code: the internal response
   * (`raw`) and no CSRF token, since those calls come from the server itself (Server Actions are
   * checked by Next.js against the `Origin` header).
   */
  readonly serverCall: AuthConfig & { raw: typeof raw; basePath: string };
  /** The `authorized` callback, kept out of what core sees. */
  readonly authorized: NonNullable<NextAuthConfig["callbacks"]>["authorized"];
}

/** The environment: `process.env` where there is one (Node.js and Next.js's edge runtime). */
export function readEnv(): Record<string, string | undefined> {
  return typeof process === "undefined" ? {} : process.env;
}

const prepared = new WeakMap<object, PreparedConfig>();

/**
 * A copy of the user's config with the environment's defaults (secret, site URL, trusted host,
 * provider variables) and `basePath` (default `/api/auth`). Made once per config object and kept,
 * so core's per-config work is done once; the user's object is never written to.
 */
export function prepareConfig(input: NextAuthConfig, env: Record<string, string | undefined> = readEnv()): PreparedConfig {
  const known = prepared.get(input);
  if (known) return known;
  const { callbacks, ...rest } = input;
  const { authorized, ...coreCallbacks } = callbacks ?? {};
  // The session callback's next-auth typing describes the same call core makes.
  const config: Omit<AuthConfig, "raw"> = { ...rest, callbacks: coreCallbacks as AuthConfig["callbacks"], providers: [...(input.providers ?? [])] };
  setEnvDefaults(env, config as AuthConfig);
  config.basePath ??= defaultBasePath;
  warnOnceWithoutAddress(config);
  const ready: PreparedConfig = {
    config: config as PreparedConfig["config"],
    serverCall: { ...(config as PreparedConfig["config"]), raw, skipCSRFCheck, logger: quietCsrfWarning(config.logger) },
    authorized,
  };
  prepared.set(input, ready);
  return ready;
}

/**
 * Marks the warning as given for the whole process. Next.js bundles a module once per layer (the
 * route handlers' and the pages' server code each get a copy), so a flag in this module would be
 * one per copy and the warning would print once for each.
 */
const warnedWithoutAddress = Symbol.for("@latch/next:rate-limit-no-client-address");

/**
 * Next.js gives a route no socket address, so rate limits know the client's address only from a
 * header the app declares (`RateLimit({ clientAddress: { platform } })`, `header`, or a proxy
 * count). Without one they count by account, and routes that name none by the signed-in user:
 * said once per process, at start.
 */
function warnOnceWithoutAddress(config: Omit<AuthConfig, "raw">): void {
  const processWide = globalThis as { [warnedWithoutAddress]?: true };
  if (processWide[warnedWithoutAddress] || !config.rateLimit || declaresAddressSource(config.rateLimit.options.clientAddress)) return;
  processWide[warnedWithoutAddress] = true;
  const warn = config.logger?.warn ?? ((code: string, message: string) => console.warn(`[latch][warn] ${code}`, message));
  warn(
    "rate-limit-no-client-address",
    "Next.js gives no client address: rate limits count by account, and routes without one by the signed-in user. Declare where the address comes from, e.g. RateLimit({ clientAddress: { platform: \"vercel\" } }) or { header: \"x-real-ip\" } behind your own proxy.",
  );
}

/** The user's logger, without the warning that CSRF checks are off (they are, on purpose, for server calls). */
function quietCsrfWarning(logger: AuthConfig["logger"]): AuthConfig["logger"] {
  const warn = logger?.warn ?? ((code: string, ...message: unknown[]) => console.warn(`[latch][warn] ${code}`, ...message));
  return { ...logger, warn: (code: string, ...message: unknown[]) => (code === "csrf-disabled" ? undefined : warn(code, ...message)) };
}

/** Resolves a config input for a request (or for no request), then prepares it. */
export async function configFor(input: NextAuthConfigInput, request: NextRequest | undefined): Promise<PreparedConfig> {
  const config = typeof input === "function" ? await input(request) : input;
  return prepareConfig(config);
}
