/**
 * redirectProxyUrl: a preview deployment sends the provider's redirect to a stable proxy
 * deployment, which forwards the callback back to the preview named in the sealed `state`.
 */
import { decode } from "@latch/core/jwt";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createBrowser, hasSessionCookie, oidcProvider, postSignIn, secret, session, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider } from "./harness.js";

let op: OpenIDProvider;
let proxy: LatchServer;
let preview: LatchServer;

beforeAll(async () => {
  op = await startOpenIDProvider();
  proxy = await startLatch();
  preview = await startLatch();
  // Only the proxy's callback is registered at the provider, as with a real OAuth app.
  await op.setClient({ client_id: "app", client_secret: "app-secret", redirect_uris: [`${proxy.origin}/auth/callback/op`] });
  const provider = oidcProvider("op", op.issuer, { clientId: "app", clientSecret: "app-secret", checks: ["pkce", "nonce"] });
  proxy.configure({ providers: [provider], redirectProxyUrl: `${proxy.origin}/auth` });
  preview.configure({ providers: [provider], redirectProxyUrl: `${proxy.origin}/auth` });
});

afterAll(async () => {
  await preview?.close();
  await proxy?.close();
  await op?.close();
});

test("the authorization URL's redirect_uri is the proxy's, and state carries the preview's callback URL", async () => {
  const response = await postSignIn(createBrowser(), preview.origin, "op");
  const params = new URL(response.headers.get("location")!).searchParams;
  expect(params.get("redirect_uri")).toBe(`${proxy.origin}/auth/callback/op`);
  const state = params.get("state");
  expect(state).toBeTruthy(); // on although the provider's checks leave state out
  const payload = await decode<{ origin?: string; random?: string }>({ token: state!, secret, salt: "encodedState" });
  expect(payload?.origin).toBe(`${preview.origin}/auth/callback/op`);
  expect(typeof payload?.random).toBe("string");
});

test("the proxy forwards the callback to the preview, which signs the user in", async () => {
  const browser = createBrowser();
  const { url, urls } = await signIn(browser, preview.origin, "op", { callbackUrl: `${preview.origin}/dashboard` });
  const callbacks = urls.filter((u) => u.includes("/auth/callback/op"));
  expect(callbacks.map((u) => new URL(u).origin)).toEqual([proxy.origin, preview.origin]);
  expect(url.href).toBe(`${preview.origin}/dashboard`);
  expect(hasSessionCookie(browser, preview.origin)).toBe(true);
  expect(hasSessionCookie(browser, proxy.origin)).toBe(false);
  expect(await session(browser, preview.origin)).toMatchObject({ user: { email: "alice@example.com" } });
});

test("on the proxy itself, sign-in uses its own callback without forwarding", async () => {
  const browser = createBrowser();
  const start = await postSignIn(browser, proxy.origin, "op");
  expect(new URL(start.headers.get("location")!).searchParams.get("redirect_uri")).toBe(`${proxy.origin}/auth/callback/op`);
  const { url } = await signIn(browser, proxy.origin, "op", { callbackUrl: `${proxy.origin}/home` });
  expect(url.href).toBe(`${proxy.origin}/home`);
  expect(await session(browser, proxy.origin)).toMatchObject({ user: { email: "alice@example.com" } });
});
