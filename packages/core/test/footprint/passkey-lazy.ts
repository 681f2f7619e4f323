// Run in a fresh process by footprint.test.ts: imports Latch with the Passkey provider, reports
// whether the WebAuthn library (and the Reflect.metadata polyfill it installs) was loaded, then
// asks for passkey options and reports again. Prints one JSON line.
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { Auth } from "@latch/core";
import Passkey from "@latch/core/providers/passkey";

const atImport = typeof (Reflect as { metadata?: unknown }).metadata;
const db = new PGlite();
await migrate(db);
const config = {
  secret: "passkey-lazy-secret-passkey-lazy-secret",
  trustHost: true,
  adapter: PostgresAdapter(db),
  providers: [Passkey()],
  experimental: { enableWebAuthn: true },
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
};
const page = await Auth(new Request("http://localhost/auth/signin"), config);
await page.text();
const afterPage = typeof (Reflect as { metadata?: unknown }).metadata;
const options = await Auth(new Request("http://localhost/auth/webauthn-options/passkey?action=authenticate"), config);
const body = (await options.json()) as { options?: { challenge?: string } };
const afterOptions = typeof (Reflect as { metadata?: unknown }).metadata;
console.log(JSON.stringify({ atImport, afterPage, afterOptions, status: options.status, challenge: typeof body.options?.challenge }));
await db.close();
