import type { AuthContext } from "../config/context.js";
import type { ResponseInternal } from "../types/response.js";

/** The public description of each provider, for clients that draw their own buttons. */
export interface PublicProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

/** `GET /providers`. */
export function providersAction(ctx: Pick<AuthContext, "providers">): ResponseInternal<Record<string, PublicProvider>> {
  const body: Record<string, PublicProvider> = {};
  for (const { id, name, type, signinUrl, callbackUrl } of ctx.providers) body[id] = { id, name, type, signinUrl, callbackUrl };
  return { body, headers: { "Content-Type": "application/json" } };
}
