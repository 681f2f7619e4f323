/**
 * The shape of a provider's contract: what one preset must do, written as data, so that one test
 * runs every preset. A contract says what the provider documents (endpoints, parameters, client
 * authentication, response shapes) and the user Latch must make of it.
 */
import type { OpenIDAccount } from "@latch/testing";
import type { ApiRoute, ClientAuth } from "./stand-in.js";

/** The user a sign-in must produce: the account's provider id and the user's fields. */
export interface ExpectedUser {
  id: string;
  name: string | null;
  email: string | null;
  image: string | null;
}

interface CommonContract {
  /** Options given to the preset besides the client id and secret. */
  options?: Record<string, unknown>;
  /**
   * The tenant, region or self-hosted URL, given as `AUTH_<ID>_ISSUER` (through the environment,
   * not as an option), for presets whose endpoints depend on one.
   */
  issuer?: string;
  /** Authorization request parameters that must be present, with these values. */
  params?: Record<string, string>;
  /** The checks the preset must use (default `pkce state`, and `nonce` for OIDC). */
  checks?: Array<"pkce" | "state" | "nonce">;
  /** How the preset must authenticate at the token endpoint; default `client_secret_basic`. */
  clientAuth?: ClientAuth;
  /** Further provider APIs the preset calls (e.g. a user photo), keyed by `https://host/path`. */
  api?: Record<string, ApiRoute>;
  user: ExpectedUser;
}

/** A plain OAuth 2 provider, served by the stand-in. */
export interface OAuthContract extends CommonContract {
  type: "oauth";
  /** The authorization endpoint as the provider documents it, `https://host/path` (no query). */
  authorization: string;
  /** The token endpoint, `https://host/path`. */
  token: string;
  /**
   * The token response beyond `access_token` (default `{ token_type: "bearer", expires_in: 3600 }`);
   * where the string `"{access_token}"` appears, the issued token goes there instead.
   */
  tokenResponse?: Record<string, unknown>;
  api: Record<string, ApiRoute>;
}

/** An OpenID Connect provider: discovery and ID token from the real OpenID Provider, under the preset's issuer. */
export interface OIDCContract extends CommonContract {
  type: "oidc";
  /** The issuer the OpenID Provider runs as; default the preset's own. */
  opIssuer?: string;
  /** The end-user's claims at the OpenID Provider (ID token and userinfo). */
  account: OpenIDAccount;
  /** Claims the provider releases with a scope beyond the standard assignment, e.g. `{ openid: ["battle_tag"] }`. */
  scopeClaims?: Record<string, string[]>;
  /** Client metadata the provider registers beyond the defaults (e.g. `id_token_signed_response_alg`). */
  client?: Record<string, unknown>;
}

export type PresetContract = OAuthContract | OIDCContract;
