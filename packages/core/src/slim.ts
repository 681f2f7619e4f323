/**
 * `Auth` for apps whose every provider comes from its factory (`GitHub()`, `Credentials()`,
 * `OIDC({ … })`, `Nodemailer()`…); everything else comes from `@latch/core` as usual. Each provider
 * brings its own flow, so a bundle that does not split code (an edge worker's one file) holds the
 * OAuth and email flows only when the app imports a provider that needs them: `Auth` with
 * `Credentials` alone is about a third smaller there than `Auth` of `@latch/core`, which also
 * signs in with providers written as plain objects (`{ type: "oidc", … }`) as Auth.js does.
 * Given such a provider, this `Auth` answers every request with the `Configuration` error and
 * logs `InvalidProvider` naming it and its factory.
 *
 * @example
 * ```ts
 * import { Auth } from "@latch/core/slim"
 * import Credentials from "@latch/core/providers/credentials"
 * export default { fetch: (request: Request) => Auth(request, { secret, trustHost: true, providers: [Credentials({ authorize })] }) }
 * ```
 * @module @latch/core/slim
 */
import { handle } from "./auth.js";
import type { AuthContext } from "./config/context.js";
import { InvalidProvider } from "./errors.js";
import { providerFlow, type raw } from "./symbols.js";
import type { AuthConfig } from "./types/config.js";
import type { ResponseInternal } from "./types/response.js";

/** The factory that brings the flow of each type a plain object may have. */
const factoryOf = {
  oauth: "OAuth({ … }) of @latch/core/providers/oauth",
  oidc: "OIDC({ … }) of @latch/core/providers/oauth",
  email: "Email({ … }) of @latch/core/providers/email",
} as const;

/** A provider written as a plain object of a type whose flow only a factory brings here. */
function plainObjectProvider(ctx: Pick<AuthContext, "providers">): InvalidProvider | undefined {
  const found = ctx.providers.find((p) => p.type in factoryOf && !p[providerFlow]);
  if (!found) return undefined;
  return new InvalidProvider(
    `Provider "${found.id}" is written as a plain object of type "${found.type}": Auth of @latch/core/slim signs in only with providers made by their factories. ` +
      `Write it as ${factoryOf[found.type as keyof typeof factoryOf]}, or import Auth from @latch/core.`,
  );
}

/**
 * The Latch request handler, as `Auth` of `@latch/core`, for providers made by their factories
 * only: a provider written as a plain object of type `oauth`, `oidc` or `email` is a configuration
 * error here (`InvalidProvider`), since this `Auth` brings no flow of its own.
 *
 * @example
 * ```ts
 * import { Auth } from "@latch/core/slim"
 * import GitHub from "@latch/core/providers/github"
 * const response = await Auth(request, { secret, trustHost: true, providers: [GitHub] })
 * ```
 */
export function Auth(request: Request, config: AuthConfig & { raw: typeof raw }): Promise<ResponseInternal>;
export function Auth(request: Request, config: Omit<AuthConfig, "raw">): Promise<Response>;
export function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  return handle(request, config, undefined, plainObjectProvider);
}
