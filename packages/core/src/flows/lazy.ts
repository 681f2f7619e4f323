// The flows that OAuth/OIDC and email providers carry: each loads its code (and, for OAuth,
// oauth4webapi) the first time a provider of its type signs someone in, so a bundler that splits
// code keeps it out of the first chunk, and a process that only reads sessions never loads it.
import type { Flow } from "./types.js";

/** A flow whose code is loaded when it is first needed. */
export type FlowLoader = () => Promise<Flow>;

/** The OAuth 2 / OpenID Connect flow. */
export const loadOAuthFlow: FlowLoader = async () => (await import("./oauth/index.js")).oauthFlow;

/** The email (magic link) flow. */
export const loadEmailFlow: FlowLoader = async () => (await import("./email/index.js")).emailFlow;

/** The flow a provider written as a plain object gets from its `type`, per type. */
export type PlainObjectFlows = Readonly<Partial<Record<"oauth" | "oidc" | "email", FlowLoader>>>;

/**
 * What `Auth` of `@latch/core` gives a provider written as a plain object (`{ type: "oidc", … }`),
 * as Auth.js does: the flow of its type. `Auth` of `@latch/core/slim` gives none, so that a
 * bundle without code splitting holds only the flows of the providers it imports.
 */
export const plainObjectFlows: PlainObjectFlows = { oauth: loadOAuthFlow, oidc: loadOAuthFlow, email: loadEmailFlow };
