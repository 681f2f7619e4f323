/**
 * What every durable store of the provider must hold, run against one store on its real service:
 * two app instances (one Latch database, one store, one secret, one issuer) share codes, refresh
 * tokens and grants; a code is taken once across instances and its replay revokes the grant;
 * refresh-token rotation and reuse detection; an account's grants listed on the grants page and
 * gone once revoked there; a JWT access token revoked at one instance is refused by a resource
 * asking the store; `revokeByGrantId`, `grantsOf`, expiry, user-code and uid lookups;
 * nothing the pg store hashes or seals is stored in the clear.
 */
import { PGlite } from "@electric-sql/pglite";
import * as client from "openid-client";
import { migrate } from "@latch/pg";
import { afterAll, describe, expect, test } from "vitest";
import type { StorageFactory } from "../src/index.js";
import { storedAccessTokens } from "../src/resource.js";
import { Browser, resource, rpCallback, startApp, type TestApp } from "./app.js";
import { memberBrowser, rpConfig } from "./flows.js";

/** A store on its service: `dump` is everything it holds (keys and values), as text. */
export interface OpenedStore {
  storage: StorageFactory;
  dump(): Promise<string>;
  close(): Promise<void>;
}

const secret = "durable-storage-suite-secret-0123456789abcdef";

export function durableStorageSuite(name: string, open: () => Promise<OpenedStore>) {
  describe(name, () => {
    const opened: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const close of opened.reverse()) await close();
    });

    async function twoApps(): Promise<{ first: TestApp; second: TestApp; store: OpenedStore; config1: client.Configuration; config2: client.Configuration }> {
      const store = await open();
      const db = new PGlite();
      await migrate(db);
      opened.push(() => store.close(), () => db.close());
      const first = await startApp({ db, provider: { storage: store.storage } });
      const second = await startApp({ db, provider: { storage: store.storage, issuer: first.origin } });
      opened.push(() => first.close(), () => second.close());
      const metadata = (await (await fetch(`${second.origin}/.well-known/openid-configuration`)).json()) as client.ServerMetadata;
      const config2 = new client.Configuration(metadata, "first-party", undefined, client.None());
      client.allowInsecureRequests(config2);
      return { first, second, store, config1: await rpConfig(first), config2 };
    }

    /** Runs the authorization request at the first instance and gives the callback URL (the code unspent). */
    async function authorize(config: client.Configuration, browser: Awaited<ReturnType<typeof memberBrowser>>["browser"]) {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: rpCallback,
        scope: "openid email offline_access",
        prompt: "consent",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
      });
      const { url: landed } = await browser.follow(url);
      expect(landed.startsWith(rpCallback)).toBe(true);
      return { callback: new URL(landed), checks: { pkceCodeVerifier: verifier, expectedState: state } };
    }

    test("a code is taken once across instances, and its replay revokes the grant; nothing is stored in the clear", async () => {
      const { first, config1, config2, store } = await twoApps();
      const { browser, user } = await memberBrowser(first);
      const { callback, checks } = await authorize(config1, browser);
      const code = callback.searchParams.get("code")!;
      const tokens = await client.authorizationCodeGrant(config2, callback, checks);
      expect((await client.fetchUserInfo(config1, tokens.access_token, user.id)).sub).toBe(user.id);

      const stored = await store.dump();
      for (const secretValue of [code, tokens.access_token, tokens.refresh_token!]) expect(stored).not.toContain(secretValue);
      for (const kind of ["AccessToken", "RefreshToken", "AuthorizationCode", "Grant", "Session"]) expect(stored).toContain(kind);

      await expect(client.authorizationCodeGrant(config1, callback, checks)).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(client.fetchUserInfo(config2, tokens.access_token, user.id)).rejects.toThrow();
      await expect(client.refreshTokenGrant(config2, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    });

    test("a refresh token issued by one instance works at another; rotation and reuse detection revoke the grant", async () => {
      const { first, config1, config2 } = await twoApps();
      const { browser, user } = await memberBrowser(first);
      const { callback, checks } = await authorize(config1, browser);
      const tokens = await client.authorizationCodeGrant(config1, callback, checks);
      const rotated = await client.refreshTokenGrant(config2, tokens.refresh_token!);
      expect(rotated.refresh_token).toBeTruthy();
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect((await client.fetchUserInfo(config2, rotated.access_token, user.id)).sub).toBe(user.id);

      await expect(client.refreshTokenGrant(config1, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(client.refreshTokenGrant(config2, rotated.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(client.fetchUserInfo(config1, rotated.access_token, user.id)).rejects.toThrow();
    });

    test("the grants page lists the grant a consent gave, at either instance; revoked there, it is gone and its refresh token refused", async () => {
      const { first, second, config1, config2 } = await twoApps();
      const { browser, user } = await memberBrowser(first);
      const { callback, checks } = await authorize(config1, browser);
      const tokens = await client.authorizationCodeGrant(config2, callback, checks);
      // The same user, signed in at the second instance.
      const there = new Browser(second.origin);
      await there.signIn(user.email);
      const listed = async (app: TestApp) => {
        const response = await (app === first ? browser : there).fetch(`${app.origin}/auth/oauth2/grants`, { headers: { accept: "application/json" } });
        expect(response.status).toBe(200);
        return (await response.json()) as { grants: { id: string; clientId: string; clientName: string; scopes: string[] }[]; csrfToken: string };
      };
      const { grants, csrfToken } = await listed(first);
      expect(grants).toEqual([expect.objectContaining({ clientId: "first-party", clientName: "Our own app", scopes: expect.arrayContaining(["openid", "email", "offline_access"]) })]);
      const page = await (await browser.fetch(`${first.origin}/auth/oauth2/grants`)).text();
      expect(page).toContain(`name="grantId" value="${grants[0]!.id}"`);
      expect((await listed(second)).grants.map((grant) => grant.id)).toEqual([grants[0]!.id]);
      // Another account lists none of it.
      const other = await memberBrowser(first);
      expect(((await (await other.browser.fetch(`${first.origin}/auth/oauth2/grants`, { headers: { accept: "application/json" } })).json()) as { grants: unknown[] }).grants).toEqual([]);

      const revoked = await browser.fetch(`${first.origin}/auth/oauth2/grants/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ csrfToken, grantId: grants[0]!.id }),
      });
      expect(revoked.status).toBe(200);
      expect((await listed(first)).grants).toEqual([]);
      expect((await listed(second)).grants).toEqual([]);
      await expect(client.refreshTokenGrant(config2, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(client.fetchUserInfo(config2, tokens.access_token, user.id)).rejects.toThrow();
      });

    test("a JWT access token revoked at one instance is refused by the other's guard and by a resource reading the store; its jti is stored hashed", async () => {
      const { first, second, config1, store } = await twoApps();
      const { browser } = await memberBrowser(first);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config1, { redirect_uri: rpCallback, scope: "openid notes:read", resource, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
      const { url: landed } = await browser.follow(url);
      const tokens = await client.authorizationCodeGrant(config1, new URL(landed), { pkceCodeVerifier: verifier }, { resource });
      const { jti } = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { jti: string };
      const reader = storedAccessTokens(store.storage, { secret: String(first.config.secret) });
      const call = (app: TestApp) => fetch(`${app.origin}/api/live-notes`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect((await call(first)).status).toBe(200);
      expect(await reader.accessTokenActive(jti)).toBe(true);
      expect(await store.dump()).not.toContain(jti);

      // Revoked at the second instance; the first's guard (its resource's issuer is the first's origin) asks the same store.
      const revoked = await fetch(`${second.origin}/auth/oauth2/token/revocation`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: tokens.access_token, client_id: "first-party" }) });
      expect(revoked.status).toBe(200);
      const refused = await call(first);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
      expect(await reader.accessTokenActive(jti)).toBe(false);
    });

    test("the models: lookups by user code and uid, consume, revokeByGrantId, expiry; sealed ids not in the clear", async () => {
      const store = await open();
      opened.push(() => store.close());
      const Models = store.storage({ secret });
      const device = new Models("DeviceCode");
      const session = new Models("Session");
      const token = new Models("AccessToken");
      const grant = "grant-of-the-models-test";

      await device.upsert("device-code-id-1", { jti: "device-code-id-1", userCode: "WDJB-MJHT", grantId: grant }, 60);
      await session.upsert("session-id-1", { jti: "session-id-1", uid: "session-uid-1" }, 60);
      await token.upsert("access-token-id-1", { jti: "access-token-id-1", grantId: grant }, 60);
      const grants = new Models("Grant");
      await grants.upsert("grant-id-lasting", { jti: "grant-id-lasting", accountId: "account-1", clientId: "client-1" }, 60);
      await grants.upsert("grant-id-brief", { jti: "grant-id-brief", accountId: "account-1", clientId: "client-2" }, 1);
      await grants.upsert("grant-id-forever", { jti: "grant-id-forever", accountId: "account-1", clientId: "client-3" }, 0);
      await grants.upsert("grant-id-of-another", { jti: "grant-id-of-another", accountId: "account-2", clientId: "client-1" }, 60);
      const dump = await store.dump();
      for (const clear of ["device-code-id-1", "WDJB-MJHT", "session-id-1", "access-token-id-1", "grant-id-lasting", "grant-id-of-another"]) expect(dump).not.toContain(clear);
      const listedIds = async (accountId: string, Listing = Models) => ((await Listing.grantsOf!(accountId)) ?? []).map((payload) => payload.jti).sort();
      expect(await listedIds("account-1")).toEqual(["grant-id-brief", "grant-id-forever", "grant-id-lasting"]);
      expect(await listedIds("account-2")).toEqual(["grant-id-of-another"]);
      expect(await listedIds("account-3")).toEqual([]);
      expect(await listedIds("account-1", store.storage({ secret: `${secret}-other` }))).toEqual([]);

      expect(await device.findByUserCode!("WDJB-MJHT")).toMatchObject({ jti: "device-code-id-1", grantId: grant });
      expect(await device.findByUserCode!("WDJB-XXXX")).toBeUndefined();
      expect(await session.findByUid!("session-uid-1")).toMatchObject({ jti: "session-id-1" });
      expect(await session.find("session-id-1")).toMatchObject({ jti: "session-id-1", uid: "session-uid-1" });
      // A key built from another secret does not open the sealed ids.
      expect(await new (store.storage({ secret: `${secret}-other` }))("Session").findByUid!("session-uid-1")).toBeUndefined();

      expect((await token.find("access-token-id-1"))?.consumed).toBeUndefined();
      await token.consume("access-token-id-1");
      const consumed = (await token.find("access-token-id-1"))?.consumed;
      expect(consumed).toEqual(expect.any(Number));
      // Saved again (as the provider saves a model it changed), it stays consumed.
      await token.upsert("access-token-id-1", { jti: "access-token-id-1", grantId: grant }, 60);
      expect((await token.find("access-token-id-1"))?.consumed).toBe(consumed);

      await token.revokeByGrantId("another-grant");
      expect(await token.find("access-token-id-1")).toBeDefined();
      await token.revokeByGrantId(grant);
      expect(await token.find("access-token-id-1")).toBeUndefined();
      expect(await device.find("device-code-id-1")).toBeUndefined();
      expect(await device.findByUserCode!("WDJB-MJHT")).toBeUndefined();
      expect(await session.find("session-id-1")).toBeDefined();

      await token.upsert("short-lived-id", { jti: "short-lived-id" }, 1);
      expect(await token.find("short-lived-id")).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await token.find("short-lived-id")).toBeUndefined();
      expect(await listedIds("account-1")).toEqual(["grant-id-forever", "grant-id-lasting"]);
      await grants.destroy("grant-id-lasting");
      await grants.destroy("grant-id-forever");
      expect(await listedIds("account-1")).toEqual([]);
      expect(await listedIds("account-2")).toEqual(["grant-id-of-another"]);

      await session.destroy("session-id-1");
      expect(await session.find("session-id-1")).toBeUndefined();
    });
  });
}
