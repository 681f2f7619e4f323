import type { Adapter, AdapterMethod, Awaitable } from "../adapter.js";
import type { Account, Profile, Session, User } from "./entities.js";
import type { Language, LocaleOption } from "./language.js";
import type { RateLimitRoute } from "./rate-limit.js";
import type { Theme } from "./theme.js";

/** What a plugin endpoint answers: built with the context's `json` and `redirect`. */
export interface PluginResponse {
  /** HTTP status. Default 200 (302 for a redirect). */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value. */
  readonly body?: unknown;
  /** An absolute URL to redirect to (`{ url }` for a client that sent `X-Auth-Return-Redirect`). */
  readonly redirect?: string;
  /** A body sent as it is, under the `Content-Type` of `headers` (made by the context's `text`). */
  readonly text?: string;
}

/**
 * What a plugin endpoint's handler receives: the request, its parts already parsed, the current
 * session (with every plugin's fields), the adapter, and the two ways to answer.
 */
export interface PluginEndpointContext {
  /** The original request. */
  readonly request: Request;
  /** The request's method, upper case. */
  readonly method: string;
  /** The path under `<base>/<plugin id>`, without leading or trailing slash (`""` for the plugin's root). */
  readonly path: string;
  /** The `:name` segments of the endpoint's path and `*` (the rest of the path), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The query; the first of a repeated name wins. */
  readonly query: Readonly<Record<string, string>>;
  /** The body's fields (a form or a JSON object); `undefined` for a GET or another content type. */
  readonly body?: Readonly<Record<string, unknown>>;
  /**
   * The adapter, each method guarded as Latch's own are, with the methods the plugin declares in
   * `adapterMethods` beside them (the organization methods, …); `undefined` without one.
   */
  readonly adapter?: Adapter;
  /** The session of the request as `GET <base>/session` shows it, or `null`. */
  getSession(): Promise<Session | null>;
  /**
   * Who is signed in on the request, as Latch itself knows it: the user's id, the session's id
   * and how the session was earned (`auth_time`, `amr`), or `null` without a valid session.
   * An identity provider built on Latch binds its own sessions to this.
   */
  signedIn(): Promise<SignedInUser | null>;
  /** Answers with `body` as JSON. */
  json(body: unknown, init?: { status?: number; headers?: Record<string, string> }): PluginResponse;
  /** Redirects to `url` (resolved against the site's origin; another origin is refused). */
  redirect(url: string): PluginResponse;
  /**
   * Answers with `body` as it is (an XML document, a form a browser posts on), under the
   * `Content-Type` of `init.headers` (default `text/plain; charset=utf-8`). The plugin escapes
   * what it puts in markup.
   */
  text(body: string, init?: { status?: number; headers?: Record<string, string> }): PluginResponse;
  /**
   * Signs in the user an endpoint verified itself (an enterprise identity provider's assertion):
   * the same path as a provider's callback (the `signIn` callback, the plugins' before-sign-in
   * hooks, the account-linking rules of PROTOCOL §6, the second-factor gate), then the session.
   * Answers with the redirect to `callbackUrl` (checked by the `redirect` callback), or to the
   * second-factor challenge when one is owed; the session's cookies go with the answer.
   */
  signIn(input: PluginSignIn): Promise<PluginResponse>;
  /**
   * The request's CSRF token, for the forms of a page the plugin serves (the hidden `csrfToken`
   * field its POSTs carry, checked before the handler runs): the token of the request's CSRF
   * cookie, or a new one whose cookie goes with the answer.
   */
  csrfToken(): Promise<string>;
  /**
   * What a page the plugin serves takes from the config to look and speak as Latch's own pages:
   * the `theme`, and the `languages` and `locale` that `choosePageSentences` of
   * `@latch/core/page-frame` reads.
   */
  readonly pages: PluginPageSettings;
  /**
   * Ends sessions of a user that a server-to-server message names (an identity provider's
   * logout): each of `sessionIds` (the ids {@link SignedInUser.sessionId} and
   * {@link AfterSignInInput.sessionId} give), or every session of the user without them. Database
   * sessions are deleted; JWT sessions are revoked through `session.revocation`. Answers how many
   * database sessions ended (`null` for JWT sessions, counted nowhere), or `false` when the
   * sessions cannot be ended: JWT sessions without `JwtRevocation()`.
   */
  endSessions(userId: string, sessionIds?: readonly string[]): Promise<number | null | false>;
}

/** The config's settings of Latch's pages, for a plugin's own pages ({@link PluginEndpointContext.pages}). */
export interface PluginPageSettings {
  /** The config's `theme`. */
  readonly theme: Theme;
  /** The config's `languages` (each language's tag and direction). */
  readonly languages: readonly Pick<Language, "code" | "dir">[];
  /** The config's `locale`. */
  readonly locale?: LocaleOption;
}

/** What a plugin endpoint vouches for when it signs a user in (`signIn` of {@link PluginEndpointContext}). */
export interface PluginSignIn {
  /** The account's provider: the id the account is stored under (`"sso-acme"`). */
  readonly provider: string;
  /** The user's stable id at that provider. */
  readonly providerAccountId: string;
  /** The user as the provider describes it (`email`, `name`, `image`). */
  readonly user: User;
  /** The profile as received, for the `signIn` callback and events. */
  readonly profile?: Profile;
  /**
   * The plugin proved that `user.email` belongs to this person (an address under a domain the
   * organization verified): a user with this address is linked to the account (PROTOCOL §6), and
   * a user whose address was not proven yet is treated as at any proof of the address.
   */
  readonly emailProven?: boolean;
  /** Where to go afterwards; passes the `redirect` callback. Default: the site's origin. */
  readonly callbackUrl?: string;
  /**
   * The provider verified a second factor itself, and the app's configuration trusts it to say
   * so: the session starts with a second factor earned (`amr` holds `mfa`), and the second-factor
   * step is not asked. Default `false`: the sign-in is a first factor like any provider's.
   */
  readonly secondFactor?: boolean;
}

/** Who is signed in on a request: what {@link PluginEndpointContext.signedIn} answers. */
export interface SignedInUser {
  /** The user's id (the session token's `sub`, or the stored session's user). */
  readonly userId: string;
  /** The session's id, when the session has one (a stored session's id, a JWT session's `sid` with revocation on). */
  readonly sessionId?: string;
  /** When the user last gave a first factor (seconds since the epoch), when the session records it. */
  readonly authTime?: number;
  /** When the user last gave a second factor (seconds since the epoch), when one was given. */
  readonly mfaTime?: number;
  /** How the session was earned (RFC 8176 values), when the session records it. */
  readonly amr?: readonly string[];
}

/** One endpoint of a plugin, served at `<base>/<plugin id>/<path>`. */
export interface PluginEndpoint {
  /** The method, or methods, it answers (`"GET"`, `"POST"`, `"PUT"`, `"DELETE"`, …). */
  readonly method: string | readonly string[];
  /**
   * The path under `<base>/<plugin id>`: segments separated by `/`, `:name` matching one segment,
   * a final `*` matching the rest (any depth). `""` is the plugin's root.
   */
  readonly path: string;
  /**
   * Whether a request with a method other than GET and HEAD must carry the CSRF token, as
   * Latch's own POSTs do. Default `true`. Turn it off only for endpoints that other servers call.
   */
  readonly csrf?: boolean;
  /** The rate-limit class its requests count toward, when `rateLimit` is configured. Default: none. */
  readonly rateLimit?: RateLimitRoute;
  /**
   * It changes what only the account's owner may change (as a password or an API key): a session
   * a site administrator started as the user (`Admin()`'s impersonation) is refused with
   * `ImpersonationRefused` (403) before the handler runs. Default `false`.
   */
  readonly refusesImpersonation?: boolean;
  /**
   * It signs users in (its handler calls the context's `signIn`): only such an endpoint may start
   * a session; `signIn` elsewhere is refused with `UndeclaredSessionStart`. Default `false`.
   */
  readonly startsSession?: boolean;
  /** Answers the request. A thrown `AuthError` becomes Latch's usual error response. */
  readonly handler: (context: PluginEndpointContext) => Awaitable<PluginResponse>;
}

/** What a before-sign-in hook sees: the user the first factor vouched for, before anything is stored. */
export interface BeforeSignInInput {
  readonly user: User;
  readonly account: Account;
  readonly profile?: Profile;
  readonly request: Request;
}

/** What an after-sign-in hook sees: the session has started (after any second factor). */
export interface AfterSignInInput {
  readonly user: User;
  readonly account: Account;
  readonly isNewUser: boolean;
  readonly request: Request;
  readonly adapter?: Adapter;
  /** The id of the session that started (a stored session's id, a JWT session's `sid` with revocation on), when it has one. */
  readonly sessionId?: string;
}

/** What a sign-out hook sees: whose session ends, before it ends. */
export interface SignOutInput {
  readonly userId: string;
  /** The ending session's id, when it has one (as {@link SignedInUser.sessionId}). */
  readonly sessionId?: string;
  /** Where the browser goes after the sign-out (checked by the `redirect` callback). */
  readonly callbackUrl: string;
  readonly request: Request;
  readonly adapter?: Adapter;
}

/** What a session hook sees: the session as the `session` callback made it, and whose it is. */
export interface SessionReadInput {
  readonly session: Session;
  /** The user's id (the token's `sub`, or the stored user's id), when the session names one. */
  readonly userId?: string;
  readonly adapter?: Adapter;
}

/** The hooks of a plugin; each is optional, and one that is absent costs nothing. */
export interface PluginHooks<UserFields extends object> {
  /**
   * Runs after the `signIn` callback and before any user, account or session is written.
   * `false` (or a throw) refuses the sign-in with `AccessDenied`, as the `signIn` callback does.
   */
  readonly beforeSignIn?: (input: BeforeSignInInput) => Awaitable<boolean | void>;
  /** Runs once the session has started: after the second factor, when one is owed. */
  readonly afterSignIn?: (input: AfterSignInInput) => Awaitable<void>;
  /**
   * Runs at `POST <base>/signout` while the session still exists, before it ends. May answer an
   * absolute URL the browser goes to instead of the callback URL (an enterprise identity
   * provider's logout, which comes back to the plugin); the plugin answers for that URL. The
   * first plugin that answers one wins; a throw is logged and the sign-out goes on.
   */
  readonly signOut?: (input: SignOutInput) => Awaitable<string | void>;
  /** Returns the fields the plugin adds to `session.user`, on every session read and update. */
  readonly session?: (input: SessionReadInput) => Awaitable<UserFields>;
}

/** A table, or columns of one, that a plugin needs in the database (for migrations and `latch check`). */
export interface PluginTable {
  /** The table's name. */
  readonly table: string;
  /** Column names and their types, as the plugin documents them (`"text"`, `"timestamp"`, …). */
  readonly columns: Readonly<Record<string, string>>;
}

/**
 * A page of a plugin's own (under `<base>/<plugin id>/`) that the user's account pages link to:
 * the sessions page of `SessionControl()` lists it, with its label in the page's language.
 */
export interface PluginAccountPage {
  /** Its path under `<base>/<plugin id>`: plain segments (`"grants"`, `"keys/mine"`), without leading slash; `""` is the plugin's root. */
  readonly path: string;
  /**
   * The link's text by language tag: English (`en`) always, and each language of the config's
   * `languages` the plugin translated it into; a page in another language shows the English.
   */
  readonly label: { readonly en: string } & Readonly<Record<string, string>>;
}

/**
 * A Latch plugin: endpoints under `<base>/<id>/…`, hooks around sign-in and session reads,
 * fields on `session.user`, and what it needs of the adapter and the database. Make one with
 * `definePlugin` of `@latch/core/plugins`.
 */
export interface Plugin<Id extends string = string, UserFields extends object = object> {
  /** The first segment of the plugin's endpoints; not one of Latch's or Auth.js's action names. */
  readonly id: Id;
  /** Its endpoints, by name. */
  readonly endpoints?: Readonly<Record<string, PluginEndpoint>>;
  readonly hooks?: PluginHooks<UserFields>;
  /** Adapter methods it calls: a config whose adapter lacks one is refused at start. */
  readonly adapterMethods?: readonly (AdapterMethod | (string & {}))[];
  /** The tables and columns it needs. */
  readonly schema?: readonly PluginTable[];
  /** Its pages the account pages link to (the sessions page). A plugin without them adds nothing there. */
  readonly accountPages?: readonly PluginAccountPage[];
  /** A form it adds to Latch's built-in sign-in page, after the providers' forms. */
  readonly signInForm?: PluginSignInForm;
}

/** One sign-in page's sentences of a {@link PluginSignInForm}, in one language. */
export interface PluginSignInSentences {
  /** The field's label. */
  readonly label: string;
  /** The button's text. */
  readonly button: string;
  /**
   * The sentence for each `error` code the plugin's endpoint sends the browser back to the
   * sign-in page with (`<base>/signin?error=<code>`); codes of Latch's own stay Latch's.
   */
  readonly errors?: Readonly<Record<string, string>>;
}

/**
 * A form of one field that a plugin adds to the built-in sign-in page (an address-first step:
 * the address decides where the sign-in goes). It posts the field, the CSRF token and the
 * `callbackUrl` to `<base>/<plugin id>/<path>`, one of the plugin's endpoints.
 */
export interface PluginSignInForm {
  /** The endpoint's path under `<base>/<plugin id>` (it answers POST; the CSRF token is checked). */
  readonly path: string;
  /** The one field: its name, input type (default `text`) and `autocomplete`. */
  readonly field: { readonly name: string; readonly type?: "email" | "text"; readonly autocomplete?: string };
  /** The form's sentences by language tag: English always, and each language the plugin translated. */
  readonly sentences: { readonly en: PluginSignInSentences } & Readonly<Record<string, PluginSignInSentences>>;
}

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The fields the plugins of `Plugins` add to `session.user`, all together. */
export type PluginUserFields<Plugins> = Plugins extends readonly (infer Item)[]
  ? Intersection<Item extends Plugin<string, infer Fields> ? Fields : never>
  : unknown;

/**
 * The session of a config: {@link Session} (with its module augmentation), its `user` carrying
 * the fields of the config's `plugins`.
 *
 * @example
 * ```ts
 * const config = { providers, plugins: [roles] }
 * type AppSession = SessionOf<typeof config> // session.user.role is typed
 * ```
 */
export type SessionOf<Config> = Config extends { plugins?: infer Plugins }
  ? {} extends PluginUserFields<NonNullable<Plugins>> ? Session : Omit<Session, "user"> & { user?: NonNullable<Session["user"]> & PluginUserFields<NonNullable<Plugins>> }
  : Session;
