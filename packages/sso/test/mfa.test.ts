/**
 * The identity provider's second factor and Latch's second-factor step (`SecondFactors({ required:
 * true })` for the people of the identity provider): a connection that does not trust the IdP's AuthnContext leaves the step to Latch (no
 * session until it is done), whatever the IdP reports; a connection that trusts it starts the
 * session with a second factor earned when the IdP reports a multi-factor context, and only then.
 * Over HTTP with samlify's IdP side, on PGlite.
 */
import { SecondFactors } from "@latch/core/second-factors";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, owner, pglite, startApp, type SsoApp } from "./harness.js";
import { autoPostForm, startIdp, testKeyPair, type TestIdp } from "./idp.js";

const mfa = "http://schemas.microsoft.com/claims/multipleauthn";
const password = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";

describe("the identity provider's second factor", () => {
  let app: SsoApp;
  let idp: TestIdp;
  const connections: Record<"trusting" | "distrusting", string> = { trusting: "", distrusting: "" };

  beforeAll(async () => {
    app = await startApp(await pglite(), {}, { secondFactor: SecondFactors({ required: (user) => user.id !== owner.id }) });
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "x@acme.test" } });
    const admin = await new Browser(app.origin).signIn(owner.email);
    for (const [name, trustIdpMfa] of [["trusting", true], ["distrusting", false]] as const) {
      const created = await admin.send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadata: idp.metadata, trustIdpMfa });
      connections[name] = ((await created.json()) as { id: string }).id;
    }
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  /** Signs `email` in through the connection, the IdP reporting `context`; the ACS's answer and the browser. */
  async function signIn(connection: string, email: string, context: string) {
    idp.user = { nameId: email, email, authnContext: context };
    const browser = new Browser(app.origin);
    const started = await browser.fetch(`sso/saml/${connection}/start`);
    const form = autoPostForm(await (await fetch(started.headers.get("location")!)).text());
    return { response: await browser.postAcs(form.action, form), browser };
  }

  const amrOf = async (email: string) =>
    ((await app.engine.db.query(`SELECT s.amr FROM sessions s JOIN users u ON u.id = s."userId" WHERE u.email = $1`, [email])).rows as { amr: string[] | null }[]).map((row) => row.amr);

  test("not trusted: the IdP's multi-factor context does not skip Latch's second factor", async () => {
    const { response, browser } = await signIn(connections.distrusting, "dan@acme.test", mfa);
    expect(response.headers.get("location")).toContain("/auth/second-factor");
    expect(await browser.session()).toBeNull();
    expect(await amrOf("dan@acme.test")).toEqual([]);
  });

  test("trusted, but the IdP reports a password only: Latch's second factor is asked", async () => {
    const { response, browser } = await signIn(connections.trusting, "pam@acme.test", password);
    expect(response.headers.get("location")).toContain("/auth/second-factor");
    expect(await browser.session()).toBeNull();
  });

  test("trusted, and the IdP reports a multi-factor context: signed in with the second factor earned", async () => {
    const { response, browser } = await signIn(connections.trusting, "tia@acme.test", mfa);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/`);
    expect((await browser.session())?.user).toMatchObject({ email: "tia@acme.test" });
    expect(await amrOf("tia@acme.test")).toEqual([["mfa"]]);
  });
});
