/**
 * The shell lines that try bearer sessions and signed access tokens against the demo with `curl`
 * alone: shown on the home page with the demo's own address, written in the README, and run as
 * written by the demo's tests.
 */

/** Pulls the session token out of `{"token":"…"}` with sed, which every shell has (jq is not everywhere). */
const tokenOfAnswer = `sed -E 's/.*"token":"([^"]*)".*/\\1/'`;

/** The lines for the demo at `origin` (`http://localhost:3000`), comments included, one command a line. */
export function tokenCurlLines(origin: string): string[] {
  const base = `${origin}/auth`;
  const bearer = `-H "Authorization: Bearer $TOKEN"`;
  return [
    "# Sign in as an app or a script does: the answer is the session's token, no cookie needed",
    `TOKEN=$(curl -s -X POST ${base}/callback/credentials -H 'X-Auth-Return-Token: 1' -d 'username=demo&password=latch-demo' | ${tokenOfAnswer})`,
    "# Read the session with it, and list the account's sessions",
    `curl -s ${base}/session ${bearer}`,
    `curl -s ${base}/sessions ${bearer}`,
    "# A signed access token (a JWT for another service), and the public keys that verify it",
    `curl -s ${base}/token ${bearer}`,
    `curl -s ${base}/jwks`,
    "# Sign out everywhere: from then on the token reads no session (null)",
    `curl -s -X POST ${base}/sessions/revoke ${bearer} -H 'content-type: application/json' -d '{"all":true}'`,
    `curl -s ${base}/session ${bearer}`,
  ];
}
