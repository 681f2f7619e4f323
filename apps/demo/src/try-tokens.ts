/**
 * The shell lines that try bearer sessions, signed access tokens and API keys against the demo
 * with `curl` alone: shown on the home page with the demo's own address, written in the README,
 * and run as written by the demo's tests.
 */

/** Pulls the session token out of `{"token":"…"}` with sed, which every shell has (jq is not everywhere). */
const tokenOfAnswer = `sed -E 's/.*"token":"([^"]*)".*/\\1/'`;

/** The line that signs the demo user in without a cookie and keeps the session's token in `TOKEN`. */
const signInLine = (base: string) => `TOKEN=$(curl -s -X POST ${base}/callback/credentials -H 'X-Auth-Return-Token: 1' -d 'username=demo&password=latch-demo' | ${tokenOfAnswer})`;

/** The lines for the demo at `origin` (`http://localhost:3000`), comments included, one command a line. */
export function tokenCurlLines(origin: string): string[] {
  const base = `${origin}/auth`;
  const bearer = `-H "Authorization: Bearer $TOKEN"`;
  return [
    "# Sign in as an app or a script does: the answer is the session's token, no cookie needed",
    signInLine(base),
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

/**
 * The lines for the demo at `origin` that make an API key with a signed-in session, read the
 * session with the key, and revoke it: comments included, one command a line.
 */
export function apiKeyCurlLines(origin: string): string[] {
  const base = `${origin}/auth`;
  const bearer = `-H "Authorization: Bearer $TOKEN"`;
  const json = `-H 'content-type: application/json'`;
  return [
    "# Sign in for a session token (as above), then make an API key: the answer shows the whole key this once",
    signInLine(base),
    `KEY=$(curl -s -X POST ${base}/api-keys/create ${bearer} ${json} -d '{"name":"curl","scopes":["orders:read"]}' | sed -E 's/.*"key":"([^"]*)".*/\\1/')`,
    "# A script sends the key as x-api-key: the session is the key's owner, with the key's id, name and scopes",
    `curl -s ${base}/session -H "x-api-key: $KEY"`,
    "# The owner's keys (never a secret), then revoke this one by its id, the middle part of the key",
    `curl -s ${base}/api-keys ${bearer}`,
    `ID=$(echo "$KEY" | cut -d_ -f2)`,
    `curl -s -X POST ${base}/api-keys/revoke ${bearer} ${json} -d "{\\"id\\":\\"$ID\\"}"`,
    "# The revoked key is refused: 401 InvalidApiKey",
    `curl -s ${base}/session -H "x-api-key: $KEY"`,
  ];
}
