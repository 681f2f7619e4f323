/**
 * The curl lines of the README and the home page, run as written (bash, curl, sed) against the
 * demo as `npm start` starts it: a client without cookies signs in for a bearer token, reads and
 * lists its sessions, gets a signed access token that the published keys verify, signs out
 * everywhere, and its token reads no session afterwards.
 */
import { readFileSync } from "node:fs";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tokenCurlLines } from "../src/try-tokens.js";
import { runLines } from "./curl-lines.js";
import { freePort, startDemo, type StartedDemo } from "./start-helpers.js";

describe("the curl lines of bearer sessions and access tokens, against npm start", { timeout: 120_000 }, () => {
  let demo: StartedDemo;
  let origin: string;

  beforeAll(async () => {
    demo = startDemo({ port: await freePort(), oidcPort: await freePort() });
    origin = await demo.ready;
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
  });

  test("the README shows the lines the home page shows, for the default address; the guides show some of them", async () => {
    const lines = tokenCurlLines("http://localhost:3000");
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(["```sh", ...lines, "```"].join("\n"));
    for (const guide of ["bearer-sessions.md", "access-tokens.md"]) {
      const text = readFileSync(new URL(`../../../docs/site/guides/${guide}`, import.meta.url), "utf8");
      const shown = text.split("\n").filter((line) => line.startsWith("TOKEN=$(curl") || line.startsWith("curl -s http://localhost:3000"));
      expect(shown.length).toBeGreaterThan(2);
      for (const line of shown) expect(lines).toContain(line.replace(/\s+#.*$/, ""));
    }
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain(`${origin}/auth/callback/credentials -H &#39;X-Auth-Return-Token: 1&#39;`);
  });

  test("run in order: signed in without a cookie, a verifiable access token, then signed out everywhere", async () => {
    const [session, sessions, issued, jwks, revoked, after] = await runLines(tokenCurlLines(origin));
    expect(JSON.parse(session!)).toMatchObject({ user: { name: "Demo User", email: "demo@latch.test" } });
    const listed = JSON.parse(sessions!) as { sessions: { current: boolean }[] };
    expect(listed.sessions.filter((entry) => entry.current)).toHaveLength(1);

    const { token } = JSON.parse(issued!) as { token: string };
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(JSON.parse(jwks!) as JSONWebKeySet), { issuer: `${origin}/auth` });
    expect(protectedHeader.alg).toBe("EdDSA");
    expect(payload.sub).toBe("demo-user");

    expect((JSON.parse(revoked!) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
    expect(after).toBe("null");
  });
});
