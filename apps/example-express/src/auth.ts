// auth.ts: the config of the Express walkthrough (docs/site/getting-started/express.md). GitHub
// when its variables are set; any OpenID Connect provider through AUTH_DEMO_OIDC_ISSUER, _ID and
// _SECRET (the tests start one on loopback). DATABASE_URL and REDIS_URL make it an app that runs
// as many instances (./stores.ts); without them it is the walkthrough's three files.
import type { Provider } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import GitHub from "@latch/core/providers/github";
import type { ExpressAuthConfig } from "@latch/express";
import { sharedStores } from "./stores.js";
import { users } from "./users.js";

const stores = sharedStores(process.env);

const providers: Provider[] = [];
// AUTH_GITHUB_ID and AUTH_GITHUB_SECRET; callback URL: <origin>/auth/callback/github
if (process.env.AUTH_GITHUB_ID) providers.push(GitHub);
// issuer, client id and secret from AUTH_DEMO_OIDC_ISSUER, AUTH_DEMO_OIDC_ID, AUTH_DEMO_OIDC_SECRET
if (process.env.AUTH_DEMO_OIDC_ISSUER) providers.push({ id: "demo-oidc", name: "Demo OpenID", type: "oidc" } as Provider);
providers.push(
  Credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    async authorize({ email, password }) {
      const person = await users.check(String(email), String(password)); // a user, or null to refuse
      // A database session belongs to a row of the users table: find the user, or create it.
      return person && stores.adapter ? stores.userRow(person) : person;
    },
  }),
);

export const authConfig: ExpressAuthConfig = { providers, ...stores.config };
/** Resolves once the database's tables are there (at once without DATABASE_URL). */
export const ready = stores.ready;
