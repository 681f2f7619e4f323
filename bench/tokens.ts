/**
 * What the tokens for clients that are not browsers cost, measured side by side:
 * - `GET /token` for a signed-in caller (EdDSA, the key derived from the secret), against the
 *   cookie session read it starts with;
 * - the session read with a bearer token (`Authorization: Bearer`, JWT sessions) against the same
 *   read with the session cookie: both open the same JWE, so they should be within noise.
 */
import { Auth, type AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import { BearerSessions } from "@latch/core/bearer";
import { latchConfig } from "./contender.js";
import { base, check, cookiePair, sessionCookie, signInAsBrowser } from "./fixtures.js";
import { measure, report, type BenchCase } from "./measure.js";

const cookieRead = "GET /session, cookie (JWT session)";
const bearerRead = "GET /session, Authorization: Bearer (JWT session)";
const issue = "GET /token, signed in by cookie (EdDSA)";

/** A GET of `<base>/<path>` with `headers`; the bench refuses to run when its first answer is not a 200 that `expect` accepts. */
async function checkedCase(config: AuthConfig, name: string, path: string, headers: Record<string, string>, expect: (body: string) => boolean): Promise<BenchCase> {
  const run = async () => {
    const res = await Auth(new Request(`${base}/${path}`, { headers }), config);
    return { status: res.status, body: await res.text() };
  };
  const first = await run();
  check(first.status === 200 && expect(first.body), `${name} answered ${first.status}: ${first.body.slice(0, 80)}`);
  return { name, run };
}

export async function tokenBench(): Promise<void> {
  const plain = latchConfig();
  const config: AuthConfig = {
    ...plain,
    session: { ...plain.session, bearer: BearerSessions() },
    accessTokens: AccessTokens(), // no adapter: the key is derived from the secret
  };
  const cookie = cookiePair((await signInAsBrowser((request) => Auth(request, config))).response, sessionCookie);
  const signIn = await signInAsBrowser((request) => Auth(request, config));
  // A second sign-in asking for its token, as a native app does.
  const tokenAnswer = await Auth(
    new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { cookie: signIn.csrf, "content-type": "application/x-www-form-urlencoded", "x-auth-return-token": "1" },
      body: new URLSearchParams({ csrfToken: signIn.csrfToken }),
    }),
    config,
  );
  const { token } = (await tokenAnswer.json()) as { token?: string };
  check(typeof token === "string", `the sign-in with X-Auth-Return-Token answered ${tokenAnswer.status} without a token`);

  const signedIn = (body: string) => body.includes(`"email"`);
  const reads = await measure([
    await checkedCase(config, cookieRead, "session", { cookie }, signedIn),
    await checkedCase(config, bearerRead, "session", { authorization: `Bearer ${token}` }, signedIn),
  ]);
  report("Latch: bearer sessions (the same JWE, from a header or a cookie)", reads, [[bearerRead, cookieRead]]);

  const issuance = await measure([
    await checkedCase(config, cookieRead, "session", { cookie }, signedIn),
    await checkedCase(config, issue, "token", { cookie }, (body) => body.includes(`"token"`)),
  ]);
  report("Latch: signed access tokens", issuance, [[issue, cookieRead]]);
}
