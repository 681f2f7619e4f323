import type { Provider } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import Passkey from "@latch/core/providers/passkey";
import Password from "@latch/core/providers/password";
import { demoOidcProvider, type DemoOidcClient } from "./demo-oidc.js";
import { outboxEmailProvider, type Outbox } from "./outbox.js";
import { checkDemoPassword, demoUser } from "./users.js";

/** Everything the demo's providers need from the running app. */
export interface DemoProviderContext {
  /** The development outbox; the Email provider exists only with one. */
  outbox?: Outbox;
  /** The built-in demo OpenID Provider; the "Demo OpenID" provider exists only with one. */
  demoOidc?: DemoOidcClient;
  /** Offer passkeys (they need an adapter, and `experimental.enableWebAuthn`). */
  passkeys?: boolean;
  /** Offer email and password accounts (they need an adapter, and the outbox for their emails). */
  passwords?: boolean;
}

/** The demo's sign-in providers: one per provider type. */
export function demoProviders(context: DemoProviderContext): Provider[] {
  return [
    Credentials({
      name: "Demo account",
      credentials: {
        username: { label: `Username (try "${demoUser.username}")`, autocomplete: "username", required: true },
        password: { label: `Password (try "${demoUser.password}")`, type: "password", autocomplete: "current-password", required: true },
      },
      authorize: ({ username, password }) => checkDemoPassword(username, password),
    }),
    ...(context.outbox ? [outboxEmailProvider(context.outbox)] : []),
    ...(context.demoOidc ? [demoOidcProvider(context.demoOidc)] : []),
    ...(context.passkeys ? [Passkey()] : []),
    // Sign-up, verification and reset mails go through the Email provider, that is the outbox.
    ...(context.passwords && context.outbox ? [Password()] : []),
  ];
}
