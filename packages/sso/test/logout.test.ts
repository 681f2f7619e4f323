/**
 * SAML single logout over HTTP with a real identity provider (samlify's IdP side, with a
 * SingleLogoutService on 127.0.0.1). SP-initiated: a person signed in through the identity
 * provider signs out of Latch (`POST <base>/signout`, or `POST <base>/sso/logout`); the browser
 * carries a signed LogoutRequest to the identity provider, which verifies it and answers with a
 * signed LogoutResponse to `<base>/sso/saml/:id/slo`, which lands on the app's signed-out page.
 * IdP-initiated: a signed LogoutRequest at the SLO endpoint ends the sessions it names (the
 * browser's next `GET <base>/session` is signed out) and is answered with a signed
 * LogoutResponse. Each refusal is driven through the flow and leaves the session alive.
 */
import { JwtRevocation, type RevocationStore } from "@latch/core/revocation";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme, signInThroughIdp } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

const idpKeys = testKeyPair("latch-sso-test-idp");
const spKeys = testKeyPair("latch-sso-test-sp");
const otherKeys = testKeyPair("latch-sso-test-other");
const ada = { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada", groups: ["staff"] };

/** Signs out of Latch as the sign-out page's form does; the answer. */
async function signOut(browser: Browser, callbackUrl = "/signed-out"): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.fetch("signout", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, callbackUrl }) });
}

/** A browser signed in through the identity provider as `user`, and the SessionIndex the identity provider gave its session. */
async function signedIn(idp: TestIdp, app: SsoApp, user = ada): Promise<{ browser: Browser; sessionIndex: string }> {
  idp.user = user;
  const browser = new Browser(app.origin);
  expect((await signInThroughIdp(browser, user.email)).status).toBe(302);
  expect((await browser.session())?.user?.email).toBe(user.email);
  return { browser, sessionIndex: idp.signIns.at(-1)!.sessionIndex };
}

async function expectRefused(response: Response, reason: string): Promise<void> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body).toMatchObject({ error: "SamlLogoutRefused", reason });
}

/** An app with the SP's signing keys and a test identity provider whose logout service is on `binding`, connected; started and closed with the suite. */
function connectedForLogout(binding: "redirect" | "post") {
  const suite = { app: undefined as unknown as SsoApp, idp: undefined as unknown as TestIdp, connectionId: "", spMetadata: "", slo: () => `${suite.app.origin}/auth/sso/saml/${suite.connectionId}/slo` };
  beforeAll(async () => {
    suite.app = await startApp(await pglite(), { signing: spKeys });
    suite.idp = await startIdp({ keys: idpKeys, user: ada, slo: binding });
    suite.connectionId = await connectAcme(suite.app, suite.idp);
    suite.spMetadata = await (await fetch(`${suite.app.origin}/auth/sso/saml/${suite.connectionId}/metadata`)).text();
  });
  afterAll(async () => {
    await suite.idp?.close();
    await suite.app?.close();
  });
  return suite;
}

describe.each(["redirect", "post"] as const)("SAML single logout, the identity provider's service on the %s binding", (binding) => {
  const s = connectedForLogout(binding);

  test("the SP metadata advertises the SingleLogoutService and the signing certificate", () => {
    expect(s.spMetadata).toContain(`SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${s.slo()}"`);
    expect(s.spMetadata).toContain(`SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${s.slo()}"`);
    expect(s.spMetadata).toMatch(/KeyDescriptor use="signing"/);
  });

  test("SP-initiated: signing out of Latch sends a signed LogoutRequest to the IdP, whose LogoutResponse lands on the signed-out page", async () => {
    const { browser, sessionIndex } = await signedIn(s.idp, s.app);
    const signedOut = await signOut(browser);
    expect(signedOut.status).toBe(302);
    let atIdp: Response;
    if (binding === "redirect") {
      expect(signedOut.headers.get("location")).toMatch(new RegExp(`^${s.idp.origin}/slo\\?SAMLRequest=.*&Signature=`));
      atIdp = await fetch(signedOut.headers.get("location")!, { redirect: "manual" });
    } else {
      // The HTTP-POST binding: the browser goes to the app's page that posts the request.
      const page = await browser.fetch(signedOut.headers.get("location")!);
      const html = await page.text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!;
      expect(html).toContain(`action="${s.idp.origin}/slo"`);
      atIdp = await fetch(`${s.idp.origin}/slo`, { method: "POST", redirect: "manual", body: new URLSearchParams({ SAMLRequest: field("SAMLRequest"), RelayState: field("RelayState") }) });
    }
    expect(atIdp.status, await atIdp.clone().text()).toBe(302);
    expect(s.idp.logouts.at(-1)).toMatchObject({ nameId: "ada@acme.test", sessionIndex, binding });
    const back = await browser.fetch(atIdp.headers.get("location")!);
    expect(back.status, await back.clone().text()).toBe(302);
    expect(back.headers.get("location")).toBe(`${s.app.origin}/signed-out`);
    expect(await browser.session()).toBeNull();
    expect((await s.app.engine.db.query(`SELECT * FROM sso_sessions WHERE "nameId" = 'ada@acme.test' AND "sessionIndex" = $1`, [sessionIndex])).rows).toEqual([]);
  });

  test("IdP-initiated: a signed LogoutRequest ends the session of its SessionIndex only, and is answered with a signed LogoutResponse", async () => {
    const first = await signedIn(s.idp, s.app);
    const second = await signedIn(s.idp, s.app);
    const bea = await signedIn(s.idp, s.app, { nameId: "bea@acme.test", email: "bea@acme.test", name: "Bea", groups: [] });
    const request = s.idp.logoutRequest(s.spMetadata, { nameId: "ada@acme.test", sessionIndex: first.sessionIndex });
    const answered = await first.browser.fetch(request.url);
    expect(answered.status, await answered.clone().text()).toBe(binding === "redirect" ? 303 : 200);
    if (binding === "redirect") {
      expect((await fetch(answered.headers.get("location")!)).status).toBe(200);
    } else {
      const html = await answered.text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!;
      expect((await fetch(`${s.idp.origin}/slo`, { method: "POST", body: new URLSearchParams({ SAMLResponse: field("SAMLResponse") }) })).status).toBe(200);
    }
    expect(s.idp.logoutResponses.at(-1)).toEqual({ inResponseTo: request.id, status: "urn:oasis:names:tc:SAML:2.0:status:Success" });
    expect(await first.browser.session()).toBeNull();
    expect((await second.browser.session())?.user?.email).toBe("ada@acme.test");
    expect((await bea.browser.session())?.user?.email).toBe("bea@acme.test");
    // Without a SessionIndex: every session of the NameID.
    expect((await fetch(s.idp.logoutRequest(s.spMetadata, { nameId: "ada@acme.test" }).url, { redirect: "manual" })).status).toBeLessThan(400);
    expect(await second.browser.session()).toBeNull();
    expect((await bea.browser.session())?.user?.email).toBe("bea@acme.test");
  });
});

describe("SAML single logout refusals", () => {
  const s = connectedForLogout("redirect");

  /** Sends the browser with an IdP-initiated LogoutRequest; expects it refused and the session alive. */
  async function refused(edit: Parameters<TestIdp["logoutRequest"]>[1] extends infer O ? Partial<O> : never, reason: string): Promise<void> {
    const { browser, sessionIndex } = await signedIn(s.idp, s.app);
    const request = s.idp.logoutRequest(s.spMetadata, { nameId: "ada@acme.test", sessionIndex, ...edit });
    await expectRefused(await browser.fetch(request.url), reason);
    expect((await browser.session())?.user?.email).toBe("ada@acme.test");
  }

  test("an unsigned LogoutRequest is refused", async () => {
    await refused({ unsigned: true }, "signature");
  });

  test("a LogoutRequest signed by another key is refused", async () => {
    await refused({ keys: otherKeys }, "signature");
  });

  test("a LogoutRequest from another issuer is refused", async () => {
    await refused({ issuer: "https://idp.evil.test/metadata" }, "issuer");
  });

  test("a LogoutRequest sent to another address is refused", async () => {
    await refused({ destination: `${s.app.origin}/auth/sso/saml/another/slo` }, "destination");
  });

  test("a LogoutRequest past its NotOnOrAfter is refused", async () => {
    await refused({ notOnOrAfter: new Date(Date.now() - 300_000) }, "expired");
  });

  test("a LogoutRequest replayed is refused: the session started since stays", async () => {
    const first = await signedIn(s.idp, s.app);
    const request = s.idp.logoutRequest(s.spMetadata, { nameId: "ada@acme.test" });
    expect((await first.browser.fetch(request.url)).status).toBe(303);
    expect(await first.browser.session()).toBeNull();
    const { browser } = await signedIn(s.idp, s.app);
    await expectRefused(await browser.fetch(request.url), "replay");
    expect((await browser.session())?.user?.email).toBe("ada@acme.test");
  });

  test("a LogoutResponse answering another request is refused, though the logout it names is pending", async () => {
    const { browser } = await signedIn(s.idp, s.app);
    const signedOut = await signOut(browser);
    const relayState = new URL(signedOut.headers.get("location")!).searchParams.get("RelayState")!;
    const url = s.idp.logoutResponse(s.spMetadata, { inResponseTo: "_not-the-request", relayState });
    expect(url.startsWith(s.slo())).toBe(true);
    await expectRefused(await browser.fetch(url), "in-response-to");
  });

  test("garbage at the SLO endpoint is a 400, never a 500", async () => {
    for (const query of ["", "SAMLRequest=not-base64!", `SAMLRequest=${encodeURIComponent(Buffer.from("<x").toString("base64"))}`, "SAMLResponse=AAAA&RelayState=nothing"]) {
      expect((await fetch(`${s.slo()}?${query}`)).status, query).toBe(400);
    }
    for (const body of [{ SAMLRequest: Buffer.from("<not xml").toString("base64") }, { SAMLRequest: Buffer.from("<samlp:LogoutRequest xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" ID=\"_x\"/>").toString("base64") }]) {
      expect((await fetch(s.slo(), { method: "POST", body: new URLSearchParams(body) })).status).toBe(400);
    }
  });

  test("a LogoutResponse with no pending logout is refused", async () => {
    await expectRefused(await fetch(s.idp.logoutResponse(s.spMetadata, { inResponseTo: "_nothing", relayState: crypto.randomUUID() })), "in-response-to");
  });

  test("POST <base>/sso/logout ends the session here and goes on to the IdP", async () => {
    const { browser, sessionIndex } = await signedIn(s.idp, s.app);
    const answer = await browser.send("POST", "sso/logout", { callbackUrl: "/bye" });
    expect(answer.status).toBe(303);
    expect(await browser.session()).toBeNull();
    const atIdp = await fetch(answer.headers.get("location")!, { redirect: "manual" });
    expect(s.idp.logouts.at(-1)).toMatchObject({ nameId: "ada@acme.test", sessionIndex });
    const back = await browser.fetch(atIdp.headers.get("location")!);
    expect(back.headers.get("location")).toBe(`${s.app.origin}/bye`);
  });
});

describe("a connection whose IdP has no SingleLogoutService", () => {
  let app: SsoApp;
  let idp: TestIdp;

  beforeAll(async () => {
    app = await startApp(await pglite(), { signing: spKeys });
    idp = await startIdp({ keys: idpKeys, user: ada });
    await connectAcme(app, idp);
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  test("signing out stays local: straight to the signed-out page, the session ended", async () => {
    const { browser } = await signedIn(idp, app);
    const signedOut = await signOut(browser);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`${app.origin}/signed-out`);
    expect(await browser.session()).toBeNull();
    expect(idp.logouts).toEqual([]);
  });
});

/** Revocations kept in this process: the store `JwtRevocation()` reads, for one app instance. */
function revocationsInMemory(): RevocationStore {
  const sessions = new Set<string>();
  const users = new Map<string, { validAfter: number; except: string | null }>();
  return {
    revokeSession: (userId, sessionId) => void sessions.add(`${userId} ${sessionId}`),
    revokeUser: (userId, validAfter, except) => void users.set(userId, { validAfter, except }),
    check: (userId, sessionId) => ({ revoked: sessions.has(`${userId} ${sessionId}`), validAfter: users.get(userId)?.validAfter ?? null, except: users.get(userId)?.except ?? null }),
  };
}

describe("SAML single logout with JWT sessions and JwtRevocation()", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let spMetadata: string;

  beforeAll(async () => {
    app = await startApp(await pglite(), { signing: spKeys }, { session: { strategy: "jwt", revocation: JwtRevocation({ store: revocationsInMemory(), cacheSeconds: 0 }) } });
    idp = await startIdp({ keys: idpKeys, user: ada, slo: "redirect" });
    const connectionId = await connectAcme(app, idp);
    spMetadata = await (await fetch(`${app.origin}/auth/sso/saml/${connectionId}/metadata`)).text();
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  test("IdP-initiated: the session of the SessionIndex is revoked, the other stays", async () => {
    const first = await signedIn(idp, app);
    const second = await signedIn(idp, app);
    expect((await first.browser.fetch(idp.logoutRequest(spMetadata, { nameId: "ada@acme.test", sessionIndex: first.sessionIndex }).url)).status).toBe(303);
    expect(await first.browser.session()).toBeNull();
    expect((await second.browser.session())?.user?.email).toBe("ada@acme.test");
  });

  test("SP-initiated: signing out goes to the IdP with the session's NameID and SessionIndex", async () => {
    const { browser, sessionIndex } = await signedIn(idp, app);
    const signedOut = await signOut(browser);
    expect(signedOut.headers.get("location")).toMatch(new RegExp(`^${idp.origin}/slo\\?`));
    const atIdp = await fetch(signedOut.headers.get("location")!, { redirect: "manual" });
    expect(idp.logouts.at(-1)).toMatchObject({ nameId: "ada@acme.test", sessionIndex });
    expect((await browser.fetch(atIdp.headers.get("location")!)).headers.get("location")).toBe(`${app.origin}/signed-out`);
    expect(await browser.session()).toBeNull();
  });
});
