/**
 * Counts the source files on a request's path: the distinct files of `packages/*\/src` with at
 * least one function executed while `Auth()` serves that one request, in a warm process (V8
 * precise coverage, call counts). Run with `node --conditions=source --import tsx` so that the
 * packages resolve to their `src/` TypeScript; prints one JSON object (path name → files).
 */
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import { Auth, type Adapter, type AdapterSession, type AdapterUser, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";

const secret = "path-files-secret-0123456789-abcdefghijklmnop";
const base = "http://localhost:3000/auth";
const user = { id: "user-1", name: "Alice", email: "alice@example.com" };
const quiet = { error: () => {}, warn: () => {}, debug: () => {} };
const repository = fileURLToPath(new URL("../../../../", import.meta.url));

/** Sessions and users in memory, with the methods the configuration check requires. */
function memoryAdapter(): Adapter {
  const users = new Map<string, AdapterUser>([[user.id, { ...user, emailVerified: null }]]);
  const sessions = new Map<string, AdapterSession>();
  return {
    createSession: (session) => (sessions.set(session.sessionToken, session), session),
    getSessionAndUser: (token) => {
      const session = sessions.get(token);
      return session ? { session, user: users.get(session.userId)! } : null;
    },
    updateSession: (update) => {
      const session = sessions.get(update.sessionToken);
      if (session) sessions.set(session.sessionToken, { ...session, ...update });
      return session ?? null;
    },
    deleteSession: (token) => void sessions.delete(token),
    getUser: (id) => users.get(id) ?? null,
    // The configuration check wants these too; a session read never calls them.
    createUser: (created) => (users.set(created.id, created), created),
    getUserByEmail: (email) => [...users.values()].find((u) => u.email === email) ?? null,
    getUserByAccount: () => null,
    updateUser: (update) => ({ ...users.get(update.id)!, ...update }),
    linkAccount: (account) => account,
  };
}

function config(session: AuthConfig["session"], adapter?: Adapter): AuthConfig {
  return { secret, trustHost: true, session, adapter, providers: [Credentials({ authorize: () => ({ ...user }) })], logger: quiet };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);
const get = (path: string, cookie: string) => new Request(`${base}/${path}`, { headers: { cookie } });

/** A browser's CSRF cookie and token, and a credentials sign-in request built from them. */
async function signInRequest(cfg: AuthConfig): Promise<() => Request> {
  const res = await Auth(get("csrf", ""), cfg);
  const cookie = cookiesOf(res).join("; ");
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return () =>
    new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
}

async function sessionCookie(cfg: AuthConfig): Promise<string> {
  const response = await Auth((await signInRequest(cfg))(), cfg);
  const cookie = cookiesOf(response).find((c) => c.startsWith("authjs.session-token="));
  if (!cookie) throw new Error("the sign-in set no session cookie");
  return cookie;
}

interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: { count: number }[] }[];
}

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });

/** The source files with a function executed by `serve` (run warm first; the last run is counted). */
async function filesOn(serve: () => Promise<Response>, check: (response: Response, body: string) => void): Promise<string[]> {
  for (let i = 0; i < 5; i++) await (await serve()).text();
  await session.post("Profiler.takePreciseCoverage"); // resets the counters
  const response = await serve();
  const body = await response.text();
  const { result } = (await session.post("Profiler.takePreciseCoverage")) as { result: ScriptCoverage[] };
  check(response, body);
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith("file:")) continue;
    const file = fileURLToPath(script.url).slice(repository.length);
    if (!/^packages\/[^/]+\/src\/.*\.ts$/.test(file)) continue;
    if (script.functions.some((fn) => fn.ranges[0]!.count > 0)) files.add(file);
  }
  return [...files].sort();
}

function expectStatus(status: number, contains?: string) {
  return (response: Response, body: string) => {
    if (response.status !== status) throw new Error(`expected status ${status}, got ${response.status}: ${body.slice(0, 200)}`);
    if (contains && !body.includes(contains) && !response.headers.get("location")?.includes(contains)) {
      throw new Error(`expected ${contains} in the response, got: ${body.slice(0, 200)}`);
    }
  };
}

const jwt = config({ strategy: "jwt" });
const signIn = await signInRequest(jwt);
const jwtCookie = await sessionCookie(jwt);
const adapter = memoryAdapter();
const database = config({ strategy: "database" }, adapter);
await adapter.createSession!({ sessionToken: "database-session-token", userId: user.id, expires: new Date(Date.now() + 86_400_000) });
const databaseCookie = "authjs.session-token=database-session-token";

const paths = {
  "credentials sign-in": await filesOn(() => Auth(signIn(), jwt), (response) => {
    if (response.status !== 302 || !cookiesOf(response).some((c) => c.startsWith("authjs.session-token="))) {
      throw new Error(`the sign-in did not start a session: ${response.status}`);
    }
  }),
  "session read (JWT)": await filesOn(() => Auth(get("session", jwtCookie), jwt), expectStatus(200, user.email)),
  "session read (database)": await filesOn(() => Auth(get("session", databaseCookie), database), expectStatus(200, user.email)),
};
await session.post("Profiler.stopPreciseCoverage");
session.disconnect();
console.log(JSON.stringify(paths));
