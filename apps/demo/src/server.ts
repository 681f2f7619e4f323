import { createDemoApp } from "./app.js";
import { dataDir, openDemoDatabase } from "./database.js";
import { demoOidcProviderId, startDemoOpenIDProvider } from "./demo-oidc.js";
import { demoSecret } from "./secret.js";

const port = Number(process.env.PORT ?? 3000);
const origin = process.env.AUTH_URL ? new URL(process.env.AUTH_URL).origin : `http://localhost:${port}`;
const log = (line: string) => console.log(`[demo] ${line}`);

const database = await openDemoDatabase(`${dataDir}/pglite`);
// The demo OpenID Provider runs before the app listens, so "Sign in with Demo OpenID" works at once.
const demoOidc = await startDemoOpenIDProvider({
  redirectUri: `${origin}/auth/callback/${demoOidcProviderId}`,
  port: Number(process.env.DEMO_OIDC_PORT ?? 3001),
});
log(`Demo OpenID Provider on ${demoOidc.issuer}`);
const { app } = createDemoApp({ secret: demoSecret(process.env, log, `${dataDir}/dev-secret`), auth: { adapter: database.adapter }, demoOidc });
app.listen(port, () => log(`Latch demo on ${origin} — sign in at ${origin}/auth/signin`));
