/**
 * The request-conversion attacks of `@latch/testing` against the example's build when neither
 * `AUTH_URL` nor the adapter's `ORIGIN` is set and the host is trusted (`AUTH_TRUST_HOST=true`):
 * the origin then comes from the request, so a malformed `Host` or `X-Forwarded-Proto` must be
 * refused or changed into nothing Latch writes. SvelteKit's Node adapter answers some attacks
 * itself before any hook runs (an absolute-form request line, TRACE, a `Host` it cannot build a
 * URL from); those answers are accepted when they are 4xx without a stack trace.
 */
import { requestConversionAttacks, sendAttack, type RawResponse } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startExample, type ExampleServer } from "./server.js";

const port = await freePort();
const host = `127.0.0.1:${port}`;
let server: ExampleServer;

beforeAll(async () => {
  server = await startExample(port, { AUTH_SECRET: "conversion-secret-0123456789abcdefghijklmn", AUTH_TRUST_HOST: "true", PROTOCOL_HEADER: "x-forwarded-proto", ORIGIN: "" });
  await fetch(`http://${host}/auth/session`, { headers: { "x-forwarded-proto": "http" } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** An answer of SvelteKit or its adapter, not of Latch: a 4xx that is not JSON and shows no internals. */
function answeredBeforeLatch(response: RawResponse): boolean {
  const json = String(response.headers["content-type"] ?? "").includes("application/json");
  return response.status >= 400 && response.status < 500 && !json && !/\n\s+at\s|node_modules|\.js:\d+/.test(response.body);
}

describe("with a trusted Host and no site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/auth", host, origin: `http://${host}`, siteUrlSet: false })) {
    it(attack.name, async () => {
      // The adapter reads the scheme from X-Forwarded-Proto (PROTOCOL_HEADER); http unless the attack says otherwise.
      const headers = { "x-forwarded-proto": "http", ...attack.headers };
      const response = await sendAttack({ ...attack, headers }, { host: "127.0.0.1", port });
      if (answeredBeforeLatch(response)) return;
      attack.check(response);
    });
  }

  it("an ordinary request keeps the Host's origin", async () => {
    const response = await sendAttack({ method: "GET", target: "/auth/providers", headers: { host, "x-forwarded-proto": "http" } }, { host: "127.0.0.1", port });
    expect(JSON.parse(response.body).credentials.callbackUrl).toBe(`http://${host}/auth/callback/credentials`);
  });
});
