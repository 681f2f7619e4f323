// A fresh process: imports an implementation's `Auth` and credentials provider, answers one
// GET /auth/session carrying a session cookie, and prints how long that took. Run by
// cold-start.ts as `node cold-start-child.mjs <core module URL> <credentials module URL> <secret> <cookie>`.
const [coreUrl, credentialsUrl, secret, cookie] = process.argv.slice(2);
const start = performance.now();
const { Auth } = await import(coreUrl);
const { default: Credentials } = await import(credentialsUrl);
const config = {
  secret,
  trustHost: true,
  session: { strategy: "jwt" },
  providers: [Credentials({ authorize: () => null })],
  logger: { error() {}, warn() {}, debug() {} },
};
const response = await Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie } }), config);
const session = await response.json();
const ms = performance.now() - start;
process.stdout.write(JSON.stringify({ ms, user: session?.user?.email ?? null }));
