import type { Adapter } from "../adapter.js";
import type { Cookie } from "../types/cookies.js";
import type { AuthError } from "../errors.js";
import { pluginCode } from "../symbols.js";
import type { Session } from "../types/entities.js";
import type { AfterSignInInput, BeforeSignInInput, Plugin } from "../types/plugin.js";
import type { PluginFormsInput } from "../pages/plugin-forms.js";
import type { SignInPageProps } from "../pages/types.js";
import type { AuthContext } from "./context.js";
import type { SessionReadContext } from "./slices.js";

/** What the hooks read of a request (the router's `AuthRequest`). */
interface HookRequest {
  readonly request: Request;
}

/** The router's `AuthRequest`, as the session hooks take it (typed loosely here: http sits above config). */
interface SessionHookRequest extends HookRequest {
  readonly cookies: Readonly<Record<string, string>>;
}

/** A session read (the session strategies' `SessionRead`): the session and whose it is. */
interface ReadSession {
  readonly session: Session | null;
  readonly userId?: string;
}

/** The code that runs plugins, carried by every plugin `definePlugin` made (`@latch/core/plugins`). */
export interface PluginCode {
  check(plugins: readonly Plugin[], adapter: Adapter | undefined): AuthError | null;
  /** The plugins' registry rows, one per plugin (typed loosely here: the registry sits above config). */
  rows(plugins: readonly Plugin[]): readonly object[];
  beforeSignIn(ctx: Pick<AuthContext, "plugins">, req: HookRequest, input: Omit<BeforeSignInInput, "request">): Promise<void>;
  /** `sessionCookies`: the cookies of the session that started, which name its id. */
  afterSignIn(ctx: SessionReadContext & Pick<AuthContext, "plugins">, req: SessionHookRequest, input: Omit<AfterSignInInput, "request" | "adapter" | "sessionId">, sessionCookies?: readonly Cookie[]): Promise<void>;
  /** Runs the plugins' `signOut` hooks while the request's session still exists: the URL one of them sends the browser to, if any. */
  signOut(ctx: SessionReadContext & Pick<AuthContext, "plugins">, req: SessionHookRequest, callbackUrl: string): Promise<string | undefined>;
  withFields(ctx: Pick<AuthContext, "plugins" | "adapter">, read: ReadSession): Promise<Session | null>;
  /** The plugins' forms on the built-in sign-in page, and its props they change. */
  signInPage(ctx: Pick<AuthContext, "plugins" | "baseUrl">, props: PluginFormsInput): Promise<Pick<SignInPageProps, "forms" | "error"> | undefined>;
}

/** The plugin code the configured plugins carry; `undefined` when none does (none configured, or not made with `definePlugin`). */
export function pluginCodeOf(plugins: readonly Plugin[] | undefined): PluginCode | undefined {
  const carrier = (plugins as readonly ({ [pluginCode]?: PluginCode } | undefined)[] | undefined)?.find((plugin) => plugin?.[pluginCode]);
  return carrier?.[pluginCode];
}
