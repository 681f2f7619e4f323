/**
 * Core's portable checks: plain async functions with a tiny assert, so that Node, Bun, Deno and
 * workerd run the very same code. Everything goes through public entry points (`@latch/core`,
 * `@latch/core/jwt`, `@latch/core/providers/credentials`); the one exception is the seal pair,
 * which the caller passes in so the two implementations behind `#jwe` can be compared.
 */
import type { AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { Auth as SlimAuth } from "@latch/core/slim";
import { decode, encode } from "@latch/core/jwt";
import { equal, match, ok, rejects } from "./assert.js";
import { Browser } from "./browser.js";
import { memoryAdapter } from "./memory-adapter.js";

/** One implementation of the session-token seal (what `#jwe` resolves to). */
export interface Seal {
  sealJwt(options: { payload: Record<string, unknown>; secret: string; salt: string; maxAge: number }): Promise<string>;
  openJwt<T = Record<string, unknown>>(options: { token: string; secrets: readonly string[]; salt: string }): Promise<T>;
}

/** A named check; it resolves when it holds and throws when it does not. */
export interface Check {
  name: string;
  run: () => Promise<void>;
}

const secret = "runtime-checks-secret-0123456789-abcdefghijklmnop";
const olderSecret = "runtime-checks-older-secret-0123456789-abcdefghij";
const salt = "authjs.session-token";
const alice = { id: "user-1", name: "Alice", email: "alice@example.com", image: null, emailVerified: null };

function credentials() {
  return Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    async authorize({ username, password }) {
      return username === "alice" && password === "wonderland" ? { id: alice.id, name: alice.name, email: alice.email } : null;
    },
  });
}

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret, trustHost: true, providers: [credentials()], logger: { error() {}, warn() {}, debug() {} }, ...overrides };
}

function header(token: string): Record<string, unknown> {
  const part = token.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), "=")));
}

/** Changes one character in the middle of part `index` of a compact JWE. */
function tamper(token: string, index: number): string {
  const parts = token.split(".");
  const part = parts[index]!;
  const at = Math.floor(part.length / 2);
  parts[index] = part.slice(0, at) + (part[at] === "A" ? "B" : "A") + part.slice(at + 1);
  return parts.join(".");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function signIn(browser: Browser, password = "wonderland") {
  const csrfToken = await browser.csrfToken();
  return browser.post("/auth/callback/credentials", { csrfToken, username: "alice", password, callbackUrl: `${browser.base}/home` });
}

async function signOut(browser: Browser) {
  const csrfToken = await browser.csrfToken();
  return browser.post("/auth/signout", { csrfToken, callbackUrl: `${browser.base}/bye` });
}

/** The config of the app the runtimes serve over HTTP: credentials, JWT sessions. */
export function appConfig(): AuthConfig {
  return config();
}

/**
 * The round through a Hono app ({@link jwtRound}), then a sign-in read by the app's own route
 * (`GET /me`, `auth(c)` of @latch/hono).
 */
export async function honoRound(browser: Browser): Promise<void> {
  await jwtRound(browser);
  const { response } = await browser.fetch("/me");
  equal(await response.json(), null, "the route's session before sign-in");
  await signIn(browser);
  const me = (await (await browser.fetch("/me")).response.json()) as { user?: { email?: string } } | null;
  equal(me?.user?.email, alice.email, "the route's session after sign-in");
}

/** The sign-in round with JWT sessions: csrf → sign in → session → sign out → no session. */
export async function jwtRound(browser: Browser): Promise<void> {
  equal(await browser.session(), null, "the session before sign-in");
  const { response } = await signIn(browser);
  equal(response.status, 302, "the sign-in status");
  equal(response.headers.get("location"), `${browser.base}/home`, "the sign-in redirect");
  const session = await browser.session();
  equal(session?.user?.email, alice.email, "the session's email");
  ok(Date.parse(session?.expires ?? "") > Date.now(), "an expiry in the future");
  const out = await signOut(browser);
  equal(out.response.headers.get("location"), `${browser.base}/bye`, "the sign-out redirect");
  ok(out.cookies.some((c) => c.name === salt && c.value === ""), "the session cookie cleared");
  equal(await browser.session(), null, "the session after sign-out");
}

function sealChecks(seals: { node?: Seal; portable: Seal }): Check[] {
  const { node, portable } = seals;
  if (!node) return [];
  const payload = { sub: "42", name: "Zoë ✓", nested: { roles: ["a", "b"] } };
  return [
    {
      name: "seal: node:crypto and portable open each other's tokens",
      async run() {
        for (const [seal, open] of [[node, portable], [portable, node]] as const) {
          const token = await seal.sealJwt({ payload, secret, salt, maxAge: 60 });
          const claims = await open.openJwt<Record<string, unknown>>({ token, secrets: [secret], salt });
          equal(claims.name, payload.name, "the name after a round trip");
          equal(JSON.stringify(claims.nested), JSON.stringify(payload.nested), "nested claims after a round trip");
          equal(claims.exp, (claims.iat as number) + 60, "exp");
        }
        equal(JSON.stringify(header(await node.sealJwt({ payload, secret, salt, maxAge: 60 }))), JSON.stringify(header(await portable.sealJwt({ payload, secret, salt, maxAge: 60 }))), "the JWE header of both");
      },
    },
    {
      name: "seal: node:crypto and portable both refuse a tampered tag, ciphertext or key",
      async run() {
        const token = await node.sealJwt({ payload, secret, salt, maxAge: 60 });
        for (const open of [node, portable]) {
          await rejects(() => open.openJwt({ token: tamper(token, 4), secrets: [secret], salt }), "a token with a changed tag");
          await rejects(() => open.openJwt({ token: tamper(token, 3), secrets: [secret], salt }), "a token with a changed ciphertext");
          await rejects(() => open.openJwt({ token, secrets: [olderSecret], salt }), "a token under another secret");
        }
      },
    },
  ];
}

/** Every check, in the order they run. Pass `node` where node:crypto exists. */
export function checks(seals: { node?: Seal; portable: Seal }): Check[] {
  return [
    {
      name: "jwt: encode → decode round trip with iat, exp, jti and a kid",
      async run() {
        const token = await encode({ token: { sub: "1", name: "Alice" }, secret, salt, maxAge: 120 });
        const claims = await decode({ token, secret, salt });
        equal(claims?.sub, "1", "sub");
        equal(claims?.name, "Alice", "name");
        equal(claims?.exp, (claims?.iat as number) + 120, "exp = iat + maxAge");
        match(claims?.jti as string, /^[0-9a-f-]{36}$/, "jti");
        const { alg, enc, kid } = header(token);
        equal(`${alg} ${enc}`, "dir A256CBC-HS512", "the JWE algorithms");
        match(kid as string, /^[\w-]{43,}$/, "kid");
      },
    },
    {
      name: "jwt: decode refuses a tampered, expired or other-salt token; rotation opens an older one",
      async run() {
        const token = await encode({ token: { sub: "1" }, secret, salt });
        await rejects(() => decode({ token: tamper(token, 3), secret, salt }), "a tampered token");
        await rejects(() => decode({ token, secret, salt: "authjs.state" }), "a token for another salt");
        await rejects(async () => decode({ token: await encode({ token: { sub: "1" }, secret, salt, maxAge: -60 }), secret, salt }), "an expired token");
        const older = await encode({ token: { sub: "2" }, secret: olderSecret, salt });
        equal((await decode({ token: older, secret: [secret, olderSecret], salt }))?.sub, "2", "sub of a token sealed with the older secret");
        await rejects(() => decode({ token: older, secret, salt }), "a token whose secret was dropped");
      },
    },
    ...sealChecks(seals),
    {
      name: "csrf: GET /csrf sets <token>|sha256(token + secret) in an HttpOnly cookie",
      async run() {
        const { response, cookies } = await new Browser(config()).fetch("/auth/csrf");
        const { csrfToken } = (await response.json()) as { csrfToken: string };
        match(csrfToken, /^[0-9a-f]{64}$/, "the CSRF token");
        const cookie = cookies.find((c) => c.name === "authjs.csrf-token");
        ok(cookie, "a CSRF cookie");
        equal(decodeURIComponent(cookie.value), `${csrfToken}|${await sha256Hex(csrfToken + secret)}`, "the CSRF cookie");
        ok("httponly" in cookie.attributes && /lax/i.test(cookie.attributes.samesite ?? ""), "HttpOnly and SameSite=Lax");
      },
    },
    {
      name: "csrf: a sign-in POST with another token is refused and sets no session",
      async run() {
        const browser = new Browser(config());
        await browser.csrfToken();
        const { response, cookies } = await browser.post("/auth/callback/credentials", { csrfToken: "0".repeat(64), username: "alice", password: "wonderland" });
        match(response.headers.get("location"), /error=MissingCSRF/, "the redirect");
        ok(!cookies.some((c) => c.name.startsWith(salt)), "no session cookie");
      },
    },
    {
      name: "Auth() round, JWT: csrf → sign in → session → sign out → no session",
      run: () => jwtRound(new Browser(config())),
    },
    {
      name: "Auth() of @latch/core/slim: the JWT round; a provider written as a plain object of type oidc is a Configuration error",
      async run() {
        await jwtRound(new Browser((request) => SlimAuth(request, config())));
        const errors: string[] = [];
        const plain = config({ providers: [{ id: "corp", name: "Corp", type: "oidc", issuer: "https://id.example.com", clientId: "app" }], logger: { error: (code) => void errors.push(code), warn() {}, debug() {} } });
        const page = (await new Browser((request) => SlimAuth(request, plain)).fetch("/auth/signin")).response;
        equal(page.status, 500, "the sign-in page's status");
        ok(errors.includes("InvalidProvider"), "InvalidProvider logged");
      },
    },
    {
      name: "Auth() round, JWT: a wrong password → CredentialsSignin and no session cookie",
      async run() {
        const browser = new Browser(config());
        const { response, cookies } = await signIn(browser, "guess");
        match(response.headers.get("location"), /error=CredentialsSignin/, "the redirect");
        ok(!cookies.some((c) => c.name.startsWith(salt)), "no session cookie");
        equal(await browser.session(), null, "the session");
      },
    },
    {
      name: "session cookie: the sign-in cookie decodes with @latch/core/jwt, and encode makes a session",
      async run() {
        const browser = new Browser(config());
        await signIn(browser);
        const claims = await decode({ token: decodeURIComponent(browser.jar.get(salt) ?? ""), secret, salt });
        equal(claims?.sub, alice.id, "sub in the cookie");
        equal(claims?.email, alice.email, "email in the cookie");
        const other = new Browser(config());
        other.jar.set(salt, await encode({ token: { sub: "7", name: "Bob", email: "bob@example.com" }, secret, salt }));
        equal((await other.session())?.user?.email, "bob@example.com", "the session made from an encoded token");
      },
    },
    {
      name: "Auth() round, database: sign in stores a session row, sign-out deletes it",
      async run() {
        const adapter = memoryAdapter([alice]);
        const browser = new Browser(config({ adapter, session: { strategy: "database" } }));
        await signIn(browser);
        const token = browser.jar.get(salt);
        ok(token && adapter.sessions.has(token), "the cookie's session token stored by the adapter");
        equal((await browser.session())?.user?.email, alice.email, "the session's email");
        await signOut(browser);
        equal(adapter.sessions.size, 0, "stored sessions after sign-out");
        equal(await browser.session(), null, "the session after sign-out");
      },
    },
    {
      name: "no secret: the Configuration error page (500), and a JSON 500 naming AUTH_SECRET",
      async run() {
        const errors: string[] = [];
        const browser = new Browser(config({ secret: undefined, logger: { error: (code) => void errors.push(code), warn() {}, debug() {} } }));
        const page = (await browser.fetch("/auth/signin")).response;
        equal(page.status, 500, "the page status");
        match(page.headers.get("content-type"), /text\/html/, "the page type");
        match(await page.text(), /configuration/i, "the error page");
        const json = (await browser.fetch("/auth/session")).response;
        equal(json.status, 500, "the JSON status");
        match(((await json.json()) as { message?: string }).message, /AUTH_SECRET/, "the JSON message");
        ok(errors.includes("MissingSecret"), "MissingSecret logged");
      },
    },
    {
      name: "pages: GET /signin renders the credentials form with the CSRF token",
      async run() {
        const browser = new Browser(config());
        const { response } = await browser.fetch("/auth/signin");
        equal(response.status, 200, "the status");
        match(response.headers.get("content-type"), /text\/html/, "the type");
        const html = await response.text();
        const token = decodeURIComponent(browser.jar.get("authjs.csrf-token") ?? "").split("|")[0]!;
        match(token, /^[0-9a-f]{64}$/, "the CSRF cookie's token");
        ok(html.includes(`value="${token}"`), "the CSRF token in the form");
        match(html, /action="[^"]*\/auth\/callback\/credentials"/, "the form action");
        match(html, /name="username"[\s\S]*name="password"/, "the credential fields");
      },
    },
  ];
}

/** What {@link runChecks} reports. */
export interface CheckResult {
  name: string;
  error?: string;
}

/** Runs every check in turn; a failure is recorded, never thrown. */
export async function runChecks(list: Check[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of list) {
    try {
      await check.run();
      results.push({ name: check.name });
    } catch (error) {
      results.push({ name: check.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
