import type { AuthContext } from "../config/context.js";
import { UnknownAction } from "../errors.js";
import { flowOf } from "../flows/index.js";
import type { AuthRequest } from "../http/request.js";
import type { ResponseInternal } from "../types/response.js";
import { providerOf } from "./callback.js";

/** `GET /webauthn-options[/<provider>]`: the options of a WebAuthn ceremony, from the provider's flow. */
export async function webAuthnOptionsAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const provider = providerOf(ctx, req);
  const flow = await flowOf(provider);
  if (!flow?.options) throw new UnknownAction(`Provider "${provider.id}" has no WebAuthn options.`);
  return flow.options({ ctx, req, provider, callbackUrl: ctx.origin });
}
