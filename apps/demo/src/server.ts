import { createServer } from "node:http";
import { createDemoApp } from "./app.js";
import { dataDir, demoStore, openStartDatabase, type DemoStore } from "./database.js";
import { demoOidcProviderId, startDemoOpenIDProvider } from "./demo-oidc.js";
import { listenAddress, listenFailure, type ListenAddress } from "./listen.js";
import { demoSecret } from "./secret.js";

const log = (line: string) => console.log(`[demo] ${line}`);
const fail = (line: string): never => {
  console.error(`[demo] ${line}`);
  process.exit(1);
};

let address: ListenAddress;
try {
  address = listenAddress(process.argv.slice(2), process.env);
} catch (error) {
  fail((error as Error).message);
}
const { host, port } = address!;
// Browsers allow passkeys on `localhost` but not on 127.0.0.1, so the demo's own links use localhost.
const shownHost = host === "127.0.0.1" || host === "0.0.0.0" || host === "::" || host === "::1" ? "localhost" : host.includes(":") ? `[${host}]` : host;
const origin = process.env.AUTH_URL ? new URL(process.env.AUTH_URL).origin : `http://${shownHost}:${port}`;

let store: DemoStore;
try {
  store = demoStore(process.env);
} catch (error) {
  fail((error as Error).message);
}
const database = await openStartDatabase(store!, dataDir);
if (store! === "prisma") log(`Store: SQLite ${dataDir}/prisma.db through @latch/prisma`);
// The demo OpenID Provider runs before the app listens, so "Sign in with Demo OpenID" works at once.
const oidcPort = Number(process.env.DEMO_OIDC_PORT ?? 3001);
const demoOidc = await startDemoOpenIDProvider({ redirectUri: `${origin}/auth/callback/${demoOidcProviderId}`, port: oidcPort }).catch(
  async (error: unknown) => {
    await database.close();
    return fail(listenFailure(error, "The demo OpenID Provider", { host: "127.0.0.1", port: oidcPort }, "DEMO_OIDC_PORT"));
  },
);
log(`Demo OpenID Provider on ${demoOidc.issuer}`);
const { app } = createDemoApp({ secret: demoSecret(process.env, log, `${dataDir}/dev-secret`), auth: { adapter: database.adapter }, demoOidc });
// node:http rather than app.listen, whose callback Express 5 also calls on a failure.
const server = createServer(app);
server.listen(port, host, () => {
  const exposed = host === "127.0.0.1" || host === "::1" || host === "localhost" ? "" : ` (listening on ${host}: reachable from the network, outbox included)`;
  log(`Latch demo on ${origin} — sign in at ${origin}/auth/signin${exposed}`);
});
server.on("error", async (error) => {
  await Promise.allSettled([demoOidc.close(), database.close()]);
  fail(listenFailure(error, "The Latch demo", address, "PORT=<port> or --port <port>"));
});
