/**
 * The shapes of provider configurations. A provider module's default export is a function that
 * takes user options and returns one of these; config resolution merges `options` over the
 * defaults once, so provider modules stay plain data.
 */
import type { AdapterUser, Awaitable } from "../adapter.js";
import type { Account, Profile, ProviderType, TokenEndpointResponse, User } from "./entities.js";
import type { Theme } from "./theme.js";
import type { ChosenLanguage, MessageKey } from "./language.js";
import { customFetch } from "../fetch.js";
import { featureCode, providerFlow } from "../symbols.js";
import type { FeatureCode } from "./feature.js";
import type {
  GenerateAuthenticationOptionsOpts, GenerateRegistrationOptionsOpts, VerifyAuthenticationResponseOpts, VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server";

export type { ProviderType } from "./entities.js";

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
  /**
   * Set by a provider factory: its sign-in flow, or a function that loads it (internal).
   * Providers written as plain objects leave it out and get the flow of their type when it is
   * first needed.
   */
  [providerFlow]?: object;
  /** Set by a provider factory that serves endpoints of its own (`Password()`): its rows, for core (internal). */
  [featureCode]?: FeatureCode;
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
  /**
   * Let a new account sign in a user who has the same email address, whatever the provider says
   * about the address (kept for Auth.js compatibility; Latch warns about it once at start).
   * Prefer `account: { linking: "verified-email", trustedProviders: [...] }`.
   */
  allowDangerousEmailAccountLinking?: boolean;
  /**
   * Whether the provider asserts that the profile's `email` is verified. Default: for `oidc`,
   * `email_verified === true` (OpenID Connect Core 1.0 section 5.1); for `oauth`, never. Presets
   * set it from their provider's own flag. The assertion counts only for the address the user gets.
   *
   * @example
   * ```ts
   * const provider = { id: "corp", type: "oauth", isEmailVerified: (profile) => profile.verified === true }
   * ```
   */
  isEmailVerified?: (profile: P) => boolean;
  /** Per-provider override of `AuthConfig.redirectProxyUrl`. */
  redirectProxyUrl?: string;
  /** Button style on the built-in sign-in page. */
  style?: ProviderStyle;
  /** OIDC: take the profile from the ID token instead of the userinfo endpoint. */
  idToken?: boolean;
  /** Replaces `fetch` for this provider's HTTP calls (discovery, token, JWKS, userinfo). */
  [customFetch]?: typeof fetch;
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
  /** The language chosen for the request (as for the built-in pages), for the email's text. */
  language?: ChosenLanguage;
}

/**
 * What {@link EmailConfig.sendMessage} receives: one finished message for one recipient.
 *
 * @example
 * ```ts
 * const sendMessage = async ({ to, message }: SendMessageParams) => smtp.send({ to, ...message })
 * ```
 */
export interface SendMessageParams {
  /** The recipient's address, normalised; one recipient, never a list. */
  to: string;
  /** Subject, plain-text and HTML body, already in the reader's language. */
  message: { subject: string; text: string; html: string };
  /** The email provider, with its options merged. */
  provider: EmailConfig;
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
  /**
   * Sends any other message Latch writes (the emails of `Password()`: address confirmation,
   * password reset) through the provider's transport. The built-in email providers have it; a
   * provider written by hand adds it to send those emails.
   */
  sendMessage?: (params: SendMessageParams) => Awaitable<void>;
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
  /**
   * A key of the language catalogue whose sentence the built-in sign-in page shows as the label,
   * in the page's language, in place of `label` (which a custom page may still read).
   */
  labelKey?: MessageKey;
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

/**
 * The relying party (the site) WebAuthn credentials are bound to. Each field defaults from the
 * request URL: `name` = host, `id` = hostname, `origin` = origin.
 */
export interface WebAuthnRelyingParty {
  /** Shown by the browser when a passkey is created. */
  name: string;
  /** The domain credentials are scoped to: the site's hostname or a registrable suffix of it. */
  id: string;
  /** The origin(s) ceremonies may come from, e.g. `https://app.example`. */
  origin: string | string[];
}

/** What {@link WebAuthnConfig.getUserInfo} returns: the user a ceremony is for, and whether it is stored. */
export type WebAuthnUserInfo = { user: User & { email: string }; exists: boolean } | null;

/**
 * Finds the user a WebAuthn options request is about (from `email` in the query by default).
 * `null` means "no user named": the browser then offers any passkey of the site.
 */
export type WebAuthnGetUserInfo = (params: {
  /** The request's query (GET) or body (POST) fields. */
  fields: Readonly<Record<string, unknown>>;
  /** Looks a user up by email through the adapter. */
  getUserByEmail: (email: string) => Promise<AdapterUser | null>;
  request: Request;
}) => Awaitable<WebAuthnUserInfo>;

/** Overrides for `generateRegistrationOptions` of `@simplewebauthn/server`; Latch fills in the rest. */
export type WebAuthnRegistrationOptions = Partial<
  Omit<GenerateRegistrationOptionsOpts, "rpID" | "rpName" | "userName" | "userID" | "userDisplayName" | "challenge" | "excludeCredentials">
>;
/** Overrides for `generateAuthenticationOptions` of `@simplewebauthn/server`; Latch fills in the rest. */
export type WebAuthnAuthenticationOptions = Partial<Omit<GenerateAuthenticationOptionsOpts, "rpID" | "allowCredentials" | "challenge">>;
/** Overrides for `verifyRegistrationResponse`: presence, verification and algorithm requirements. */
export type WebAuthnVerifyRegistrationOptions = Partial<
  Pick<VerifyRegistrationResponseOpts, "requireUserPresence" | "requireUserVerification" | "supportedAlgorithmIDs" | "attestationSafetyNetEnforceCTSCheck">
>;
/** Overrides for `verifyAuthenticationResponse`: verification requirements. */
export type WebAuthnVerifyAuthenticationOptions = Partial<Pick<VerifyAuthenticationResponseOpts, "requireUserVerification" | "advancedFIDOConfig">>;

/** Configuration of a WebAuthn (passkey) provider; see `@latch/core/providers/passkey` for the defaults. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  /** Overrides of the relying party; any field left out comes from the request URL. */
  relyingParty?: Partial<WebAuthnRelyingParty>;
  /** Offer the site's passkeys in the browser's autofill of the field marked `webauthn` (conditional UI). */
  enableConditionalUI: boolean;
  /**
   * The form fields of the built-in sign-in page. With conditional UI, one of them needs an
   * `autocomplete` containing `webauthn`.
   */
  formFields: Record<string, CredentialInput>;
  /** Finds the user of an options request. Default: `email` from the query, looked up with `getUserByEmail`. */
  getUserInfo?: WebAuthnGetUserInfo;
  /** Passed to `generateRegistrationOptions`. */
  registrationOptions?: WebAuthnRegistrationOptions;
  /** Passed to `generateAuthenticationOptions`. */
  authenticationOptions?: WebAuthnAuthenticationOptions;
  /** Passed to `verifyRegistrationResponse`. Default: user verification required only when `registrationOptions` require it. */
  verifyRegistrationOptions?: WebAuthnVerifyRegistrationOptions;
  /** Passed to `verifyAuthenticationResponse`. Default: user verification required only when `authenticationOptions` require it. */
  verifyAuthenticationOptions?: WebAuthnVerifyAuthenticationOptions;
  /** Button style on the built-in sign-in page. */
  style?: ProviderStyle;
  /** The user's options; merged over the defaults once, in config resolution. */
  options?: Partial<Omit<WebAuthnConfig, "options" | "type">>;
}

/** Any provider configuration. */
export type ProviderConfig = OAuthConfig<any> | EmailConfig | CredentialsConfig<any> | WebAuthnConfig;

/** A provider as written in `AuthConfig.providers`: a configuration, or a provider function not yet called. */
export type Provider<P = Profile> = ProviderConfig | OAuthConfig<P> | ((options?: any) => ProviderConfig);

/** The standard claims of OpenID Connect Core §5.1 that providers return as plain strings and flags. */
export interface OpenIDStandardClaims {
  /** The user's identifier at the provider. */
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  nickname?: string;
  preferred_username?: string;
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  gender?: string;
  birthdate?: string;
  zoneinfo?: string;
  locale?: string;
  phone_number?: string;
}
