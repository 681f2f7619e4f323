/**
 * `npm run bench`: the cost of the hot paths, measured side by side in one run.
 * - session reads: Latch's default (no re-encryption inside updateAge) against re-encrypting on
 *   every read (updateAge: 0, which is what Auth.js does on every read);
 * - the session-token seal: the node:crypto implementation (chosen by the `node` condition)
 *   against the portable one on jose and Web Crypto (used on edge runtimes);
 * - key derivation: the cached key against deriving it (HKDF + thumbprint) for every token;
 * - CSRF validation of a sign-in POST's token.
 */
import { Auth, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import * as portableSeal from "../packages/core/src/crypto/jwe.js";
import * as nodeSeal from "../packages/core/src/crypto/node/jwe.js";
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

  const sealed = await portableSeal.sealJwt({ payload: { sub: "1", name: user.name, email: user.email }, secret, salt: "authjs.session-token", maxAge: 3600 });
  const open = { token: sealed, secrets: [secret], salt: "authjs.session-token" };
  const seals = await measure([
    { name: "open a session token, node:crypto (Node default)", run: () => nodeSeal.openJwt(open) },
    { name: "open a session token, jose + Web Crypto (portable)", run: () => portableSeal.openJwt(open) },
    { name: "seal a session token, node:crypto (Node default)", run: () => nodeSeal.sealJwt({ payload: { sub: "1" }, secret, salt: "authjs.session-token", maxAge: 3600 }) },
    { name: "seal a session token, jose + Web Crypto (portable)", run: () => portableSeal.sealJwt({ payload: { sub: "1" }, secret, salt: "authjs.session-token", maxAge: 3600 }) },
  ]);
  report("Session-token seal", seals, [
    ["open a session token, node:crypto (Node default)", "open a session token, jose + Web Crypto (portable)"],
    ["seal a session token, node:crypto (Node default)", "seal a session token, jose + Web Crypto (portable)"],
  ]);

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
