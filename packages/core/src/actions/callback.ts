import type { AuthContext } from "../config/context.js";
import { InvalidProvider, UnknownAction } from "../errors.js";
import { flowOf } from "../flows/index.js";
import type { AuthRequest } from "../http/request.js";
import { completeSignIn } from "../signin/complete.js";
import type { ResponseInternal } from "../types/response.js";
import { providerFlow } from "../symbols.js";
import type { Flow } from "../flows/types.js";
import type { InternalProvider } from "../config/providers.js";
import { callbackUrlOf } from "../security/request-checks.js";
import { requireCsrf } from "../security/request-checks.js";
import { withCookies } from "../http/respond.js";

/** The provider named in the path; `InvalidProvider` when there is none by that id. */
export function providerOf(ctx: Pick<AuthContext, "providers">, req: Pick<AuthRequest, "providerId">): InternalProvider {
  const provider = ctx.providers.find((p) => p.id === req.providerId);
  if (!provider) throw new InvalidProvider(`There is no provider "${req.providerId}".`);
  return provider;
}

/**
 * `/callback/<id>`: the provider's flow verifies the user, `signin/complete` signs them in.
 * Credentials and webauthn callbacks are POSTs that must carry the CSRF token.
 */
export async function callbackAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (!req.providerId) throw new UnknownAction("The callback needs a provider id.");
  const provider = providerOf(ctx, req);
  // The flow a provider's factory attached (`Credentials()`, `Passkey()`) is called directly.
  const carried = provider[providerFlow];
  const flow = typeof carried === "object" ? (carried as Flow) : await flowOf(provider, ctx.plainObjectFlows);
  if (!flow) throw new InvalidProvider(`Provider "${provider.id}" has type "${provider.type}", which has no sign-in flow.`);
  if (flow.callbackNeedsCsrf) {
    if (req.method !== "POST") throw new UnknownAction(`The ${provider.type} callback takes POST only.`);
    await requireCsrf(ctx, req);
  }
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const result = await flow.complete({ ctx, req, provider, callbackUrl });
  if (!("user" in result && "account" in result)) return withCookies(result, cookies);
  return withCookies(await completeSignIn(ctx, req, result), cookies);
}

/** `GET /webauthn-options[/<provider>]`: the options of a WebAuthn ceremony, from the provider's flow. */
export async function webAuthnOptionsAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const provider = providerOf(ctx, req);
  const flow = await flowOf(provider, ctx.plainObjectFlows);
  if (!flow?.options) throw new UnknownAction(`Provider "${provider.id}" has no WebAuthn options.`);
  return flow.options({ ctx, req, provider, callbackUrl: ctx.origin });
}
