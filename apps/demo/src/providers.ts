import type { Provider } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { checkDemoPassword, demoUser } from "./users.js";

/** Everything the demo's providers need from the running app. */
export interface DemoProviderContext {
  /** The app's own origin, e.g. http://localhost:3000. */
  origin: string;
}

/** The demo's sign-in providers: one per provider type. */
export function demoProviders(_context: DemoProviderContext): Provider[] {
  return [
    Credentials({
      name: "Demo account",
      credentials: {
        username: { label: `Username (try "${demoUser.username}")`, autocomplete: "username", required: true },
        password: { label: `Password (try "${demoUser.password}")`, type: "password", autocomplete: "current-password", required: true },
      },
      authorize: ({ username, password }) => checkDemoPassword(username, password),
    }),
  ];
}
