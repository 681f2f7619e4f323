/**
 * The published attacks on SAML service providers, each built by editing what the real identity
 * provider (samlify's IdP side) signed, posted over HTTP to the app's ACS, and refused with
 * `400 { error: "SamlResponseRefused", reason }`, leaving no user, account, membership or session
 * behind. Each test names the check it proves; removing that check makes it fail.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, pglite, startApp, type SsoApp } from "./harness.js";
import { decode, encode, startIdp, testKeyPair, type ResponseOverrides, type TestIdp } from "./idp.js";
import { connectAcme } from "./flows.js";

const ada = { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada", groups: ["staff"] };

describe("SAML attacks at the ACS", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let connectionId: string;
  let unsolicitedId: string;
  let spMetadata: string;
  let unsolicitedMetadata: string;

  beforeAll(async () => {
    app = await startApp(await pglite());
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: ada });
    connectionId = await connectAcme(app, idp);
    // A second connection of Acme to the same IdP, with IdP-initiated sign-in turned on.
    const admin = await new Browser(app.origin).signIn("olivia@acme.test");
    unsolicitedId = ((await (await admin.send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadata: idp.metadata, allowIdpInitiated: true })).json()) as { id: string }).id;
    spMetadata = await (await fetch(`${app.origin}/auth/sso/saml/${connectionId}/metadata`)).text();
    unsolicitedMetadata = await (await fetch(`${app.origin}/auth/sso/saml/${unsolicitedId}/metadata`)).text();
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  /** Starts an SP-initiated sign-in in `browser`: the AuthnRequest's ID and the RelayState. */
  async function start(browser: Browser): Promise<{ requestId: string; relayState: string }> {
    const started = await browser.fetch(`sso/saml/${connectionId}/start?callbackUrl=/after`);
    const url = new URL(started.headers.get("location")!);
    const { inflateRawSync } = await import("node:zlib");
    const request = String(inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest")!, "base64")));
    return { requestId: / ID="([^"]+)"/.exec(request)![1]!, relayState: url.searchParams.get("RelayState")! };
  }

  const acs = (id = connectionId) => `${app.origin}/auth/sso/saml/${id}/acs`;

  /** Signs a response for a started sign-in, lets `edit` change its XML, posts it; the answer. */
  async function attempt(options: ResponseOverrides & { user?: typeof ada } = {}, edit: (xml: string) => string = (xml) => xml): Promise<{ response: Response; browser: Browser }> {
    const browser = new Browser(app.origin);
    const { requestId, relayState } = await start(browser);
    const signed = await idp.respond(spMetadata, { inResponseTo: requestId, ...options });
    const response = await browser.postAcs(acs(), { SAMLResponse: encode(edit(decode(signed))), RelayState: relayState });
    return { response, browser };
  }

  async function expectRefused(outcome: { response: Response; browser: Browser }, reason: string, email = "ada@acme.test"): Promise<void> {
    expect(outcome.response.status).toBe(400);
    const body = await outcome.response.json();
    expect(body, JSON.stringify(body)).toMatchObject({ error: "SamlResponseRefused", reason });
    expect([...outcome.browser.jar.cookies.keys()].some((name) => name.includes("session-token"))).toBe(false);
    expect(await app.adapter.getUserByEmail(email)).toBeNull();
  }

  test("the untouched response signs Ada in (the baseline the attacks edit)", async () => {
    const { response } = await attempt({ user: { ...ada, nameId: "baseline@acme.test", email: "baseline@acme.test" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/after`);
  });

  test("an assertion whose signature was stripped is refused (samlify finds no signature)", async () => {
    await expectRefused(await attempt({}, (xml) => xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "")), "signature");
  });

  test("an assertion changed after signing is refused (the digest no longer matches)", async () => {
    await expectRefused(await attempt({}, (xml) => xml.replace(/>ada@acme\.test</g, ">eve@acme.test<")), "signature", "eve@acme.test");
  });

  test("a response signed as a whole, its assertion unsigned, is refused: Latch requires the assertion's own signature", async () => {
    await expectRefused(await attempt({ signResponseOnly: true }), "unsigned-assertion");
  });

  test("signature wrapping, wrapped assertion: a forged assertion beside the signed one is refused", async () => {
    await expectRefused(
      await attempt({}, (xml) => {
        const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
        const forged = original.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replace(/ID="[^"]+"/, 'ID="_forged"').replace(/ada@acme\.test/g, "eve@acme.test");
        return xml.replace(original, forged + original);
      }),
      "wrapping",
      "eve@acme.test",
    );
  });

  test("signature wrapping, wrapped response: the signed response inside a forged one is refused (samlify: no signature at the absolute paths)", async () => {
    await expectRefused(
      await attempt({ signResponseOnly: true }, (xml) => {
        const forged = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replace(/ID="_r[^"]+"/, 'ID="_forged"').replace(/ID="_a[^"]+"/g, 'ID="_forged-assertion"').replace(/ada@acme\.test/g, "eve@acme.test");
        // Inside an element of a foreign namespace, which the schema lets pass.
        return forged.replace("</saml:Issuer>", `</saml:Issuer><samlp:Extensions><w:Wrap xmlns:w="urn:example:wrap">${xml}</w:Wrap></samlp:Extensions>`);
      }),
      "signature",
      "eve@acme.test",
    );
  });

  test("a comment inside the NameID (truncation after canonicalization) is refused", async () => {
    const victim = { ...ada, nameId: "ada@acme.test.evil.test", email: "ada@acme.test.evil.test" };
    await expectRefused(await attempt({ user: victim }, (xml) => xml.replace(/ada@acme\.test\.evil\.test/g, "ada@acme.test<!---->.evil.test")), "name-id");
  });

  test("an assertion for another service provider (audience) is refused", async () => {
    await expectRefused(await attempt({ audience: "https://other-sp.test/metadata" }), "audience");
  });

  test("a response sent to another address (Destination) is refused", async () => {
    await expectRefused(await attempt({ destination: "https://other-sp.test/acs" }), "destination");
  });

  test("a bearer confirmation for another recipient is refused", async () => {
    await expectRefused(await attempt({ recipient: "https://other-sp.test/acs" }), "recipient");
  });

  test("an expired assertion is refused", async () => {
    const past = new Date(Date.now() - 10 * 60_000);
    await expectRefused(await attempt({ notBefore: new Date(Date.now() - 20 * 60_000), notOnOrAfter: past, confirmationNotOnOrAfter: new Date(Date.now() + 60_000) }), "expired");
  });

  test("an expired bearer confirmation is refused", async () => {
    await expectRefused(await attempt({ confirmationNotOnOrAfter: new Date(Date.now() - 10 * 60_000) }), "expired");
  });

  test("an assertion not valid yet is refused", async () => {
    await expectRefused(await attempt({ notBefore: new Date(Date.now() + 10 * 60_000) }), "not-yet-valid");
  });

  test("a response to another sign-in (InResponseTo) is refused", async () => {
    await expectRefused(await attempt({ inResponseTo: "_someone-elses-request" }), "in-response-to");
  });

  test("a response replayed after its sign-in completed is refused", async () => {
    const browser = new Browser(app.origin);
    const { requestId, relayState } = await start(browser);
    const user = { ...ada, nameId: "replayed@acme.test", email: "replayed@acme.test" };
    const SAMLResponse = await idp.respond(spMetadata, { inResponseTo: requestId, user });
    expect((await browser.postAcs(acs(), { SAMLResponse, RelayState: relayState })).status).toBe(302);
    const attacker = new Browser(app.origin);
    const again = await attacker.postAcs(acs(), { SAMLResponse, RelayState: relayState });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ reason: "in-response-to" });
  });

  test("a response carried to another browser than the one that started the sign-in is refused (login CSRF)", async () => {
    const { requestId, relayState } = await start(new Browser(app.origin));
    const user = { ...ada, nameId: "planted@acme.test", email: "planted@acme.test" };
    const SAMLResponse = await idp.respond(spMetadata, { inResponseTo: requestId, user });
    const victim = new Browser(app.origin);
    await expectRefused({ response: await victim.postAcs(acs(), { SAMLResponse, RelayState: relayState }), browser: victim }, "browser", "planted@acme.test");
  });

  test("IdP-initiated sign-in is off by default", async () => {
    const browser = new Browser(app.origin);
    const SAMLResponse = await idp.respond(spMetadata, {});
    await expectRefused({ response: await browser.postAcs(acs(), { SAMLResponse }), browser }, "unsolicited");
  });

  test("IdP-initiated, when on: signs in once; the same assertion again is a replay", async () => {
    const user = { ...ada, nameId: "unasked@acme.test", email: "unasked@acme.test" };
    const SAMLResponse = await idp.respond(unsolicitedMetadata, { user });
    const first = await new Browser(app.origin).postAcs(acs(unsolicitedId), { SAMLResponse, RelayState: "/welcome" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`${app.origin}/welcome`);
    const browser = new Browser(app.origin);
    const again = await browser.postAcs(acs(unsolicitedId), { SAMLResponse, RelayState: "/welcome" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ reason: "replay" });
  });

  test("IdP-initiated, when on: a RelayState leading to another origin is refused", async () => {
    const browser = new Browser(app.origin);
    const SAMLResponse = await idp.respond(unsolicitedMetadata, {});
    await expectRefused({ response: await browser.postAcs(acs(unsolicitedId), { SAMLResponse, RelayState: "https://evil.test/steal" }), browser }, "relay-state");
  });

  test("a response for one connection posted to another connection's ACS is refused", async () => {
    const browser = new Browser(app.origin);
    const SAMLResponse = await idp.respond(spMetadata, {});
    await expectRefused({ response: await browser.postAcs(acs(unsolicitedId), { SAMLResponse }), browser }, "audience");
  });

  test("garbage and a missing SAMLResponse are 400, never 500", async () => {
    const browser = new Browser(app.origin);
    for (const SAMLResponse of ["", "not base64 at all", encode("<notxml"), encode("<samlp:Response xmlns:samlp='urn:oasis:names:tc:SAML:2.0:protocol'/>")]) {
      const response = await browser.postAcs(acs(), { SAMLResponse });
      expect(response.status).toBe(400);
    }
    expect((await browser.fetch(`sso/saml/nope/acs`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "SAMLResponse=x" })).status).toBe(404);
  });
});
