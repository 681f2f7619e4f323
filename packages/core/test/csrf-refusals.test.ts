/**
 * The signed double-submit CSRF check, driven through `Auth()` with a credentials sign-in that
 * would otherwise succeed: each forged or malformed cookie/body pair is refused and no session
 * cookie is set. The valid pair signs in (so the refusals are the check's doing).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Client, baseConfig, secret } from "./client.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const credentials = { username: "alice", password: "wonderland", callbackUrl: "/home" };

/** Sends the sign-in with exactly this CSRF cookie and body; returns the response and the jar. */
async function signIn(cookie: string | null, body: Record<string, unknown>, json = false) {
  const client = new Client(baseConfig());
  const headers: Record<string, string> = { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" };
  if (cookie !== null) headers.cookie = `authjs.csrf-token=${encodeURIComponent(cookie)}`;
  const response = await client.fetch("/auth/callback/credentials", {
    method: "POST",
    headers,
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });
  return { response, signedIn: client.jar.has("authjs.session-token") };
}

function expectRefused({ response, signedIn }: { response: Response; signedIn: boolean }) {
  expect(signedIn).toBe(false);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toMatch(/[?&]error=MissingCSRF/);
}

describe("CSRF double-submit check on a credentials sign-in", () => {
  const token = "a".repeat(64);
  const valid = `${token}|${sha256(token + secret)}`;

  it("the genuine pair signs in", async () => {
    const result = await signIn(valid, { ...credentials, csrfToken: token });
    expect(result.signedIn).toBe(true);
  });

  it("a cookie whose hash does not verify is refused even when the body repeats its token", async () => {
    expectRefused(await signIn(`${token}|${sha256(`${token}another-secret`)}`, { ...credentials, csrfToken: token }));
  });

  it("a cookie with an empty token is refused even when its hash verifies for the empty token", async () => {
    expectRefused(await signIn(`|${sha256(secret)}`, { ...credentials, csrfToken: "" }));
  });

  it("a cookie without a hash is refused", async () => {
    expectRefused(await signIn(`${token}|`, { ...credentials, csrfToken: token }));
  });

  it("a cookie without a separator is refused", async () => {
    expectRefused(await signIn(token, { ...credentials, csrfToken: token.slice(0, -1) }));
  });

  it("a valid cookie with another body token is refused", async () => {
    expectRefused(await signIn(valid, { ...credentials, csrfToken: "b".repeat(64) }));
  });

  it("a valid cookie with no body token is refused", async () => {
    expectRefused(await signIn(valid, { ...credentials }));
  });

  it("a valid cookie with the token inside a JSON array is refused", async () => {
    expectRefused(await signIn(valid, { ...credentials, csrfToken: [token] }, true));
  });

  it("no cookie at all is refused, whatever the body says", async () => {
    expectRefused(await signIn(null, { ...credentials, csrfToken: token }));
  });
});
