/** What the provider's request handler shares with the interactions. */
import type { IncomingMessage } from "node:http";
import type { AuthConfig } from "@latch/core";
import type { SignedInUser } from "@latch/core/plugins";
import type { Adapter, AdapterPayload, ClientMetadata } from "oidc-provider";

/** A client registered in the configuration: oidc-provider's client metadata, and whether it is the app's own. */
export interface OAuthClient extends ClientMetadata {
  /** The app's own client: its users are not asked to consent. Default `false`. */
  readonly firstParty?: boolean;
}

/**
 * An oidc-provider adapter class: one instance per model name; with `grantsOf`, the remembered
 * grants of an account (the `Grant` payloads, each with its `jti`) for the grants page.
 */
export type AdapterFactory = (new (name: string) => Adapter) & { grantsOf?(accountId: string): Promise<AdapterPayload[]> };

/** What the request handler shares with the interactions. */
export interface ServerState {
  readonly issuer: string;
  readonly basePath: string;
  readonly mountPath: string;
  readonly config: AuthConfig;
  readonly bridge: { config: AuthConfig; secret: string };
  readonly bindingKey: Buffer;
  readonly clients: ReadonlyMap<string, OAuthClient>;
  readonly scopeWords: Readonly<Record<string, string>>;
  readonly secure: boolean;
  readonly storage: AdapterFactory;
  signedIn(req: IncomingMessage): Promise<SignedInUser | null>;
  bindingCookie(user: SignedInUser): string;
}

/** The name of the cookie that binds the provider's session to the Latch session. */
export function bindingCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}latch.oauth2-binding`;
}

