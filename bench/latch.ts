/**
 * Latch's own trade-offs, measured side by side:
 * - session reads: Latch's default (no re-encryption inside updateAge) against re-encrypting on
 *   every read (updateAge: 0, which is what Auth.js does on every read);
 * - the session-token seal: the node:crypto implementation (chosen by the `node` condition)
 *   against the portable one on Web Crypto (used on edge runtimes);
 * - key derivation: the cached key against deriving it (HKDF + thumbprint) for every token;
 * - session reads with JWT revocation on (its cache warm) against revocation off;
 * - a CSRF-checked sign-out POST.
 */
import { Auth, type AuthConfig, type RevocationStore } from "@latch/core";
import { JwtRevocation } from "@latch/core/revocation";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import * as portableSeal from "../packages/core/src/crypto/jwe.js";
import * as nodeSeal from "../packages/core/src/crypto/node/primitives.js";
import { latchConfig } from "./contender.js";
import { cookiePair, get, post, secret, sessionCookie, signInAsBrowser, user } from "./fixtures.js";
import { measure, report } from "./measure.js";

export async function latchOnly(): Promise<void> {
  const lean = latchConfig();
  const rewriting = latchConfig({ updateAge: 0 });
  const { csrf, csrfToken, response } = await signInAsBrowser((request) => Auth(request, lean));
  const session = cookiePair(response, sessionCookie);
  const readWith = (cfg: AuthConfig) => async () => (await Auth(get("session", session), cfg)).text();
  const sessions = await measure([
    { name: "GET /session, token inside updateAge (Latch default)", run: readWith(lean) },
    { name: "GET /session, re-encrypted on every read (updateAge 0)", run: readWith(rewriting) },
  ]);
  report("Latch: session reads (JWT strategy)", sessions, [[
    "GET /session, token inside updateAge (Latch default)",
    "GET /session, re-encrypted on every read (updateAge 0)",
  ]]);

  // Revocation on, with a store that answers from memory and counts its calls: with the cache
  // warm (cacheSeconds 30 outlasts a measurement) a read consults only the instance's cache.
  let storeCalls = 0;
  const store: RevocationStore = {
    revokeSession: () => {},
    revokeUser: () => {},
    check: () => (storeCalls++, { revoked: false, validAfter: null, except: null }),
  };
  const revocable = latchConfig({ revocation: JwtRevocation({ store, cacheSeconds: 30 }) });
  const revocableSession = cookiePair((await signInAsBrowser((request) => Auth(request, revocable))).response, sessionCookie);
  const revocations = await measure([
    { name: "GET /session, JWT revocation off (Latch default)", run: readWith(lean) },
    { name: "GET /session, JWT revocation on, cache warm", run: async () => (await Auth(get("session", revocableSession), revocable)).text() },
  ]);
  report(`Latch: JWT revocation check (store calls during the run: ${storeCalls})`, revocations, [[
    "GET /session, JWT revocation off (Latch default)",
    "GET /session, JWT revocation on, cache warm",
  ]]);

  const payload = { sub: "1", name: user.name, email: user.email };
  const sealed = await portableSeal.sealJwt({ payload, secret, salt: sessionCookie, maxAge: 3600 });
  const open = { token: sealed, secrets: [secret], salt: sessionCookie };
  const seal = { payload: { sub: "1" }, secret, salt: sessionCookie, maxAge: 3600 };
  const seals = await measure([
    { name: "open a session token, node:crypto (Node default)", run: () => nodeSeal.openJwt(open) },
    { name: "open a session token, Web Crypto (portable)", run: () => portableSeal.openJwt(open) },
    { name: "seal a session token, node:crypto (Node default)", run: () => nodeSeal.sealJwt(seal) },
    { name: "seal a session token, Web Crypto (portable)", run: () => portableSeal.sealJwt(seal) },
  ]);
  report("Latch: session-token seal", seals, [
    ["open a session token, node:crypto (Node default)", "open a session token, Web Crypto (portable)"],
    ["seal a session token, node:crypto (Node default)", "seal a session token, Web Crypto (portable)"],
  ]);

  let salt = 0;
  const keys = await measure([
    { name: "session key, cached (every read after the first)", run: () => deriveKey(secret, sessionCookie) },
    { name: "session key, derived per token (HKDF + thumbprint)", run: () => deriveKey(secret, `bench-salt-${salt++}`) },
  ]);
  report("Latch: key derivation", keys, [[
    "session key, cached (every read after the first)",
    "session key, derived per token (HKDF + thumbprint)",
  ]]);

  const signOut = await measure([{
    name: "POST /signout with a valid CSRF token (JWT session)",
    run: async () => (await Auth(post("signout", `${csrf}; ${session}`, { csrfToken }), lean)).text(),
  }]);
  report("Latch: CSRF-checked sign-out", signOut, []);
}
