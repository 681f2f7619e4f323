import type { Adapter } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { SessionRead } from "../session/types.js";
import { pluginCode } from "../symbols.js";
import type { Session } from "../types/entities.js";
import type { AfterSignInInput, BeforeSignInInput, Plugin } from "../types/plugin.js";
import type { AuthContext } from "./context.js";

/** The code that runs plugins, carried by every plugin `definePlugin` made (`@latch/core/plugins`). */
export interface PluginCode {
  check(plugins: readonly Plugin[], adapter: Adapter | undefined): AuthError | null;
  /** Latch's registry rows followed by the plugins' (typed loosely here: the registry sits above config). */
  rows(plugins: readonly Plugin[]): readonly object[];
  beforeSignIn(ctx: Pick<AuthContext, "plugins">, req: AuthRequest, input: Omit<BeforeSignInInput, "request">): Promise<void>;
  afterSignIn(ctx: Pick<AuthContext, "plugins" | "adapter">, req: AuthRequest, input: Omit<AfterSignInInput, "request" | "adapter">): Promise<void>;
  withFields(ctx: Pick<AuthContext, "plugins" | "adapter">, read: SessionRead): Promise<Session | null>;
}

/** The plugin code the configured plugins carry; `undefined` when none does (none configured, or not made with `definePlugin`). */
export function pluginCodeOf(plugins: readonly Plugin[] | undefined): PluginCode | undefined {
  for (const plugin of plugins ?? []) {
    const code = (plugin as { [pluginCode]?: PluginCode } | undefined)?.[pluginCode];
    if (code) return code;
  }
  return undefined;
}
