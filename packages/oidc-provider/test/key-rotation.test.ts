/**
 * One key store for access tokens and the provider: when the `AccessTokens()` key rotates, the
 * provider is rebuilt with the new key set. ID tokens are signed with the new key, the replaced
 * key stays published (its grace period) at both `<base>/jwks` and the provider's `jwks_uri`, and
 * a refresh token issued before the rotation still works after it.
 */
import * as client from "openid-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApp, type TestApp } from "./app.js";
import { codeFlow, memberBrowser, rpConfig } from "./flows.js";

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ accessTokens: { rotation: { every: 2, grace: 900 } }, provider: { keysCheckedEvery: 1 } });
});
afterAll(() => app?.close());

const kidOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString()) as { kid: string }).kid;
const kids = async (path: string) => ((await (await fetch(`${app.origin}${path}`)).json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);

test("a rotation of the access-token key rebuilds the provider with the new key set", async () => {
  const { browser } = await memberBrowser(app);
  const config = await rpConfig(app);
  const before = await codeFlow(config, browser);
  const oldKid = kidOf(before.id_token!);
  expect(await kids("/auth/oauth2/jwks")).toEqual([oldKid]);

  await new Promise((resolve) => setTimeout(resolve, 3000));
  const other = await memberBrowser(app);
  const after = await codeFlow(config, other.browser);
  const newKid = kidOf(after.id_token!);
  expect(newKid).not.toBe(oldKid);
  expect(await kids("/auth/oauth2/jwks")).toEqual([newKid, oldKid]);
  expect(await kids("/auth/jwks")).toEqual([newKid, oldKid]);

  const refreshed = await client.refreshTokenGrant(config, before.refresh_token!).catch((error: { error?: string; error_description?: string }) => {
    throw new Error(`${error.error}: ${error.error_description}`);
  });
  expect(kidOf(refreshed.id_token!)).toBe(newKid);
}, 30_000);
