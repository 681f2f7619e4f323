import type { AuthContext } from "../config/context.js";
import { InvalidProvider, UnknownAction } from "../errors.js";
import { flowOf } from "../flows/index.js";
import type { AuthRequest } from "../http/request.js";
import { completeSignIn } from "../signin/complete.js";
import type { ResponseInternal } from "../types/response.js";
import { callbackUrlOf, requireCsrf, withCookies } from "./request-state.js";
import { providerOf } from "./signin.js";

/**
 * `/callback/<id>`: the provider's flow verifies the user, `signin/complete` signs them in.
 * Credentials and webauthn callbacks are POSTs that must carry the CSRF token.
 */
export async function callbackAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (!req.providerId) throw new UnknownAction("The callback needs a provider id.");
  const provider = providerOf(ctx, req);
  const flow = await flowOf(provider);
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
