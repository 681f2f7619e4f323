/**
 * Sign in with Apple's first sign-in: the provider answers with `response_mode=form_post` and posts,
 * beside the code and state, a `user` field (JSON: the name the user typed, and an email). The
 * real OpenID Provider stands in for Apple (Apple's provider with the OP as issuer and `openid` in
 * the scope, which the OP needs to issue an ID token); its auto-submitting form is submitted as a
 * browser would, with the `user` field Apple would add.
 */
import Apple from "@latch/core/providers/apple";
import type { Profile } from "@latch/core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createBrowser, formPost, logs, postSignIn, session, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider, type TestBrowser } from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
const profiles: Profile[] = [];

beforeAll(async () => {
  latch = await startLatch();
  op = await startOpenIDProvider({ accounts: [{ sub: "001234.apple-user", email: "relay@privaterelay.example", email_verified: true }] });
  await op.setClient({
    client_id: "apple",
    client_secret: "apple-secret",
    redirect_uris: [`${latch.origin}/auth/callback/apple`],
    token_endpoint_auth_method: "client_secret_post",
  });
  latch.configure({
    providers: [Apple({ clientId: "apple", clientSecret: "apple-secret", issuer: op.issuer, authorization: { params: { scope: "openid email" } } })],
    events: { signIn: ({ profile }) => void profiles.push(profile!) },
  });
});

afterEach(() => {
  profiles.length = 0;
  logs.length = 0;
});

afterAll(async () => {
  await latch?.close();
  await op?.close();
});

/** Signs in, posting the provider's form_post page with `user` added (when given). */
async function signInPosting(browser: TestBrowser, user: string | undefined): Promise<URL> {
  const start = await postSignIn(browser, latch.origin, "apple");
  const page = await browser.follow(start.headers.get("location")!);
  const form = formPost(await page.response.text());
  expect(form?.action).toBe(`${latch.origin}/auth/callback/apple`);
  expect(form!.body.get("code")).toBeTruthy();
  if (user !== undefined) form!.body.set("user", user);
  const { url } = await browser.follow(form!.action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form!.body });
  return url;
}

describe("Apple's form_post user field", () => {
  test("gives the profile its user (the name), never overriding the ID token's sub and email", async () => {
    const browser = createBrowser();
    const user = { name: { firstName: "Ada", lastName: "Lovelace" }, email: "someone-else@example.com", sub: "forged" };
    const url = await signInPosting(browser, JSON.stringify(user));
    expect(logs).toEqual([]);
    expect(url.href).toBe(`${latch.origin}/dashboard`);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ sub: "001234.apple-user", email: "relay@privaterelay.example" });
    expect(profiles[0]!.user).toEqual({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "someone-else@example.com" });
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: "Ada Lovelace", email: "relay@privaterelay.example" } });
  });

  test.each([
    ["invalid JSON", "{name:"],
    ["a JSON string", JSON.stringify("Ada")],
    ["absent (every later sign-in)", undefined],
  ])("a user field that is %s is ignored", async (_what, user) => {
    const browser = createBrowser();
    const url = await signInPosting(browser, user);
    expect(url.href).toBe(`${latch.origin}/dashboard`);
    expect(profiles[0]).not.toHaveProperty("user");
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: null, email: "relay@privaterelay.example" } });
  });
});
