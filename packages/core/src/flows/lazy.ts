// The flows that OAuth/OIDC and email providers carry: each loads its code (and, for OAuth,
// oauth4webapi) the first time a provider of its type signs someone in, so a bundler that splits
// code keeps it out of the first chunk, and a process that only reads sessions never loads it.
import type { Flow } from "./types.js";

/** A flow whose code is loaded when it is first needed. */
export type FlowLoader = () => Promise<Flow>;

/** The OAuth 2 / OpenID Connect flow. */
export const loadOAuthFlow: FlowLoader = async () => (await import("./oauth/index.js")).oauthFlow;

/** The OAuth 2 / OpenID Connect flow of a provider written as a plain object: Auth.js's checks, without the ID token's signature. */
export const loadPlainOAuthFlow: FlowLoader = async () => (await import("./oauth/plain.js")).plainOAuthFlow;

/** The email (magic link) flow. */
export const loadEmailFlow: FlowLoader = async () => (await import("./email/index.js")).emailFlow;

/** The flow a provider written as a plain object gets from its `type`, per type. */
export type PlainObjectFlows = Readonly<Partial<Record<"oauth" | "oidc" | "email", FlowLoader>>>;

/**
 * What `Auth` of `@latch/core` gives a provider written as a plain object (`{ type: "oidc", … }`),
 * as Auth.js does: the flow of its type (for OAuth and OIDC, the flow that checks what Auth.js
 * checks, so that the signature check and its JWKS code come with the factories only). `Auth` of
 * `@latch/core/slim` gives none, so that a bundle without code splitting holds only the flows of
 * the providers it imports.
 */
export const plainObjectFlows: PlainObjectFlows = { oauth: loadPlainOAuthFlow, oidc: loadPlainOAuthFlow, email: loadEmailFlow };
