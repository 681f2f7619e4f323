/**
 * `npm run bench`: the cost of the hot paths, measured side by side in one run.
 * - session reads: Latch's default (no re-encryption inside updateAge) against re-encrypting on
 *   every read (updateAge: 0, which is what Auth.js does on every read);
 * - key derivation: the cached key against deriving it (HKDF + thumbprint) for every token;
 * - CSRF validation of a sign-in POST's token.
 */
import { Auth, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import { measure, report } from "./measure.js";

const secret = "bench-secret-bench-secret-bench-secret-0123";
const base = "http://localhost:3000/auth";
const user = { id: "1", name: "Bench User", email: "bench@example.com" };

function config(updateAge?: number): AuthConfig {
  return {
    secret,
    trustHost: true,
    session: updateAge === undefined ? {} : { updateAge },
    providers: [Credentials({ authorize: () => user })],
    logger: { error: () => {}, warn: () => {} },
  };
}

async function signIn(cfg: AuthConfig): Promise<string> {
  const csrf = await Auth(new Request(`${base}/csrf`), cfg);
  const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await Auth(
    new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    }),
    cfg,
  );
  return res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!.split(";")[0]!;
}

async function main() {
  const lean = config();
  const rewriting = config(0);
  const session = await signIn(lean);
  const readWith = (cfg: AuthConfig) => async () => {
    const res = await Auth(new Request(`${base}/session`, { headers: { cookie: session } }), cfg);
    await res.text();
  };
  const sessions = await measure([
    { name: "GET /session, token inside updateAge (Latch default)", run: readWith(lean) },
    { name: "GET /session, re-encrypted on every read (updateAge 0)", run: readWith(rewriting) },
  ]);
  report("Session reads (JWT strategy)", sessions, [[
    "GET /session, token inside updateAge (Latch default)",
    "GET /session, re-encrypted on every read (updateAge 0)",
  ]]);

  let salt = 0;
  const keys = await measure([
    { name: "session key, cached (every read after the first)", run: () => deriveKey(secret, "authjs.session-token") },
    { name: "session key, derived per token (HKDF + thumbprint)", run: () => deriveKey(secret, `bench-salt-${salt++}`) },
  ]);
  report("Key derivation", keys, [[
    "session key, cached (every read after the first)",
    "session key, derived per token (HKDF + thumbprint)",
  ]]);

  const csrf = await Auth(new Request(`${base}/csrf`), lean);
  const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const posts = await measure([
    {
      name: "POST /signout with a valid CSRF token (JWT session)",
      run: async () => {
        const res = await Auth(
          new Request(`${base}/signout`, {
            method: "POST",
            headers: { cookie: `${csrfCookie}; ${session}`, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ csrfToken }),
          }),
          lean,
        );
        await res.text();
      },
    },
    { name: "GET /csrf with a valid cookie", run: async () => (await Auth(new Request(`${base}/csrf`, { headers: { cookie: csrfCookie } }), lean)).text() },
  ]);
  report("CSRF-checked requests", posts, []);
}

await main();
