import type { Adapter } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { Session } from "./entities.js";
import type { Messages } from "./language.js";

/** How the router runs a request's row; a feature's hook takes it with the request type it knows. */
type Next = { run(req: object): Promise<object> }["run"];

/**
 * What an opt-in feature's option (or a provider that serves endpoints of its own, `Password()`)
 * carries for core under one symbol, `featureCode` (internal). Core finds the configured features
 * once per config, by looking at the values of the config, of `session`, of `account` and of the
 * providers for that symbol, and reaches a feature only through this record: its rows, its check
 * and its hooks. Core names no feature, so a feature an app does not configure adds nothing to
 * its bundle, and a new feature uses the hooks that exist (or adds one hook point, once, for
 * every feature after it).
 *
 * The hooks take the resolved context and the request as core has them; a feature declares the
 * slice it reads.
 */
export interface FeatureCode {
  /** The registry rows of its endpoints, tried after Auth.js's and before the plugins'. */
  readonly rows?: readonly object[];
  /**
   * Checked once per config, after the providers and plugins: the problem of the config for this
   * feature, or `null`. Adds the adapter methods the feature needs to `needs`.
   */
  check?(adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: object }, needs: Set<string>): AuthError | null;
  /**
   * The router's hook, asked in the order the features were found (the config's own options before
   * `session`'s): a feature that answers this request returns the request as the router should see
   * it and how to run it (`next` runs a request's row); the first one that does wins.
   */
  route?(ctx: object, req: object, next: Next): readonly [object, () => Promise<object>] | undefined;
  /**
   * Called by the router before a row's handler runs, once its CSRF rule passed; throws to refuse
   * the request (`Admin()`: a row that refuses impersonated sessions).
   */
  beforeHandler?(ctx: object, req: object): Promise<void>;
  /**
   * The router's last hook, asked of every feature after `route`: a feature that follows every
   * request (`AuditTrail()`) returns the context the request runs with and the run, wrapped; core
   * runs the request with what the last one returned.
   */
  around?(ctx: object, req: object, run: () => Promise<object>): readonly [object, () => Promise<object>] | undefined;
  /** Called by the sign-in gate before any session of `userId` starts (`req`: the request signing in); throws to refuse it. */
  beforeSessionStart?(ctx: object, userId: string | undefined, req: object): Promise<void>;
  /**
   * Adds the feature's fields to the session the client gets, without a `session` callback (which
   * gets the token or the stored session whole): `from` is the JWT, or the stored session.
   */
  sessionFields?(session: Session, from: Readonly<Record<string, unknown>>): void;
  /** Loads the sign-in's step-up: what a first factor's completion calls to ask for a second one. */
  stepUp?(): Promise<object>;
  /** Loads the feature's English sentences: every page's language takes them as its last fallback (`features/<name>/english.ts`). */
  english?(): Promise<Partial<Messages>>;
  /**
   * The feature's parts of the built-in sign-in page (`Password()`: the links under its form, the
   * notice after a reset): the page's props it changes, given the props core made.
   */
  signInPage?(ctx: object, req: object, props: object): Promise<object>;
  /** A short summary of a browser's `User-Agent`, kept with each new database session. */
  describeDevice?(userAgent: string | null): string | null;
}
