/**
 * The shapes of provider configurations. A provider module's default export is a function that
 * takes user options and returns one of these; config resolution merges `options` over the
 * defaults once, so provider modules stay plain data.
 */
import type { Awaitable } from "../adapter.js";
import type { Account, Profile, ProviderType, TokenEndpointResponse, User } from "../types/entities.js";
import type { Theme } from "../types/theme.js";

export type { ProviderType } from "../types/entities.js";

/** Colours and logo of a provider's button on the built-in sign-in page. */
export interface ProviderStyle {
  /** Absolute URL or data URL of the logo. */
  logo?: string;
  /** Button background colour. */
  bg?: string;
  /** Button text colour. */
  text?: string;
}

/** Fields every provider has. */
export interface CommonProviderOptions {
  /** Unique id; used in URLs (`/signin/<id>`, `/callback/<id>`) and environment variable names. */
  id: string;
  /** Human name, shown on the sign-in page. */
  name: string;
  /** The sign-in protocol. */
  type: ProviderType;
}

/** The tokens an OAuth provider returned, with `expires_at` computed from `expires_in`. */
export interface TokenSet extends TokenEndpointResponse {
  expires_at?: number;
}

/** An endpoint: a URL string, or a URL with extra parameters. */
export interface EndpointConfig {
  url?: string;
  params?: Record<string, string>;
}

/** The userinfo endpoint; `request` replaces the standard call for providers with a custom API. */
export interface UserinfoEndpointConfig<P> extends EndpointConfig {
  /** Fetch the profile yourself, given the tokens and the resolved provider. */
  request?: (context: { tokens: TokenSet; provider: OAuthConfig<P> & { fetch: typeof fetch } }) => Awaitable<P>;
}

/** The token endpoint; `conform` may rewrite a non-standard response before it is checked. */
export interface TokenEndpointConfig extends EndpointConfig {
  conform?: (response: Response) => Awaitable<Response | undefined>;
}

/** How the client authenticates at the token endpoint. */
export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "none";

/** Checks made at the OAuth callback. */
export type OAuthCheck = "pkce" | "state" | "nonce" | "none";

/** Configuration of a plain OAuth 2 provider. */
export interface OAuth2Config<P = Profile> extends CommonProviderOptions {
  type: "oauth";
  /** Issuer identifier; also used to check the RFC 9207 `iss` response parameter. */
  issuer?: string;
  /** Authorization endpoint. */
  authorization?: string | EndpointConfig;
  /** Token endpoint. */
  token?: string | TokenEndpointConfig;
  /** Userinfo endpoint. */
  userinfo?: string | UserinfoEndpointConfig<P>;
  /** Discovery document URL, when it is not `<issuer>/.well-known/openid-configuration`. */
  wellKnown?: string;
  clientId?: string;
  clientSecret?: string;
  /** Client metadata; `token_endpoint_auth_method` defaults to `client_secret_basic` (or `none` without a secret). */
  client?: { token_endpoint_auth_method?: ClientAuthMethod; id_token_signed_response_alg?: string; [key: string]: unknown };
  /** Checks at the callback. Default `["pkce", "state"]` (oauth) and `["pkce", "state", "nonce"]` (oidc). */
  checks?: OAuthCheck[];
  /** Maps the provider's profile to the user Latch stores. Must return an `id`. */
  profile?: (profile: P, tokens: TokenSet) => Awaitable<User>;
  /** Picks the token fields kept on the account. Default: all standard fields. */
  account?: (tokens: TokenSet) => Partial<Account> | undefined;
  /** Let a new account sign in a user who has the same email address. Only for providers that verify emails. */
  allowDangerousEmailAccountLinking?: boolean;
  /** Per-provider override of `AuthConfig.redirectProxyUrl`. */
  redirectProxyUrl?: string;
  /** Button style on the built-in sign-in page. */
  style?: ProviderStyle;
  /** OIDC: take the profile from the ID token instead of the userinfo endpoint. */
  idToken?: boolean;
  /** The user's options; merged over the defaults once, in config resolution. */
  options?: OAuthUserConfig<P>;
}

/** Configuration of an OpenID Connect provider (discovery from `issuer`, ID token validated). */
export interface OIDCConfig<P = Profile> extends Omit<OAuth2Config<P>, "type" | "options"> {
  type: "oidc";
  options?: OAuthUserConfig<P>;
}

/** An OAuth 2 or OpenID Connect provider. */
export type OAuthConfig<P = Profile> = OIDCConfig<P> | OAuth2Config<P>;

/** What a user may pass to an OAuth provider function. */
export type OAuthUserConfig<P = Profile> = Omit<Partial<OAuth2Config<P>>, "options" | "type"> & Record<string, unknown>;

/** The arguments of `sendVerificationRequest`. */
export interface SendVerificationRequestParams {
  /** The normalized email address. */
  identifier: string;
  /** The sign-in link. */
  url: string;
  /** When the link stops working. */
  expires: Date;
  /** The resolved email provider. */
  provider: EmailConfig;
  /** The raw token in the link. */
  token: string;
  /** The theme of the built-in pages, for branded emails. */
  theme: Theme;
  /** The request that asked for the link. */
  request: Request;
}

/** Configuration of an email (magic link) provider. */
export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  /** Sender address. */
  from?: string;
  /** Lifetime of a link in seconds. Default 86400. */
  maxAge?: number;
  /** Sends the link. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>;
  /** Makes the raw token. Default: 32 random bytes in hex. */
  generateVerificationToken?: () => Awaitable<string>;
  /** Normalizes and validates the address the user typed; throw to refuse it. */
  normalizeIdentifier?: (identifier: string) => string;
  /** SMTP server (Nodemailer). */
  server?: unknown;
  /** API key (HTTP-API providers). */
  apiKey?: string;
  /** Overrides the secret used to hash tokens. */
  secret?: string;
  /** Button style on the built-in sign-in page. */
  style?: ProviderStyle;
  /** The user's options; merged over the defaults once, in config resolution. */
  options?: Partial<EmailConfig> & Record<string, unknown>;
}

/** One input field of the credentials form. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  autocomplete?: string;
  required?: boolean;
  [attribute: string]: unknown;
}

/** Configuration of a credentials (username/password or similar) provider. */
export interface CredentialsConfig<C extends Record<string, CredentialInput> = Record<string, CredentialInput>> extends CommonProviderOptions {
  type: "credentials";
  /** The form fields of the built-in sign-in page. */
  credentials: C;
  /**
   * Checks the submitted fields. Return the user to sign in, `null` to refuse, or throw
   * `CredentialsSignin` (with a `code`) to refuse with a reason the client may see.
   */
  authorize: (credentials: Partial<Record<keyof C, unknown>>, request: Request) => Awaitable<User | null>;
  /** The user's options; merged over the defaults once, in config resolution. */
  options?: Partial<CredentialsConfig<C>>;
}

/** Configuration of a WebAuthn (passkey) provider. Its fields are defined by the passkey provider module. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  /** The user's options; merged over the defaults once, in config resolution. */
  options?: Partial<WebAuthnConfig>;
  [key: string]: unknown;
}

/** Any provider configuration. */
export type ProviderConfig = OAuthConfig<any> | EmailConfig | CredentialsConfig<any> | WebAuthnConfig;

/** A provider as written in `AuthConfig.providers`: a configuration, or a provider function not yet called. */
export type Provider<P = Profile> = ProviderConfig | OAuthConfig<P> | ((options?: any) => ProviderConfig);
