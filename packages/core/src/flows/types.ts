import type { AuthContext } from "../config/context.js";
import type { InternalProvider } from "../config/providers.js";
import type { AuthRequest } from "../http/request.js";
import type { VerifiedSignIn } from "../signin/complete.js";
import type { ResponseInternal } from "../types/response.js";
import type { ProviderCheck } from "../config/provider-check.js";

/** What every flow step receives. */
export interface FlowInput<P extends InternalProvider = InternalProvider> {
  ctx: AuthContext;
  req: AuthRequest;
  provider: P;
  /** Where to go afterwards, already checked by the `redirect` callback. */
  callbackUrl: string;
  /**
   * Only for `begin` of an explicit link (`POST <base>/link/<id>`): the signed-in user the
   * account is to be attached to. The OAuth flow carries it in its sealed `state`.
   */
  linkTo?: string;
}

/**
 * The sign-in protocol of one provider type. `begin` answers `POST /signin/<id>`; `complete`
 * answers `/callback/<id>` and returns the verified user, which `signin/complete` signs in;
 * `options` answers `GET /webauthn-options/<id>`.
 */
export interface Flow {
  begin?(input: FlowInput<any>): Promise<ResponseInternal>;
  complete(input: FlowInput<any>): Promise<VerifiedSignIn | ResponseInternal>;
  options?(input: FlowInput<any>): Promise<ResponseInternal>;
  /** Whether a POST to the callback must carry the CSRF token (false where state/PKCE protect it). */
  callbackNeedsCsrf: boolean;
  /**
   * The script the built-in sign-in page embeds for the providers of this flow (the passkey
   * client), so that it ships only with a provider that needs it.
   */
  signInPageScript?(input: { baseUrl: string; providers: readonly InternalProvider[] }): string;
  /**
   * The check of a provider of this flow at start, after core's own (its id, its endpoints): a
   * problem of its options, so that the rules of a provider type come with its factory.
   */
  check?: ProviderCheck;
}
