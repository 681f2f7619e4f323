/**
 * A SAML connection whose IdP metadata the app reads from a URL: a real HTTP server on 127.0.0.1
 * serves it (the app allows loopback addresses, as a test must); the connection is made from it,
 * signs people in, is fetched again on an admin's demand and at a sign-in once older than the
 * maximum age. Refused: a URL that is not https, an address in a private or link-local network,
 * a document over the size cap, a document that is not IdP metadata. On PGlite.
 */
import { createServer, type Server } from "node:http";
import { freePort } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, owner, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme, signInThroughIdp } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

describe("IdP metadata from a URL", () => {
  let app: SsoApp;
  let first: TestIdp;
  let second: TestIdp;
  let server: Server;
  let served = "";
  let metadataUrl = "";
  let connectionId = "";

  beforeAll(async () => {
    // Metadata older than a second is fetched again when a sign-in starts.
    app = await startApp(await pglite(), { outbound: { allowLoopback: true }, metadataMaxAge: 1 });
    first = await startIdp({ keys: testKeyPair("latch-sso-first-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada", groups: [] } });
    second = await startIdp({ keys: testKeyPair("latch-sso-second-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada", groups: ["acme-admins"] } });
    const port = await freePort();
    server = createServer((_req, res) => void res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(served));
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    metadataUrl = `http://127.0.0.1:${port}/federationmetadata.xml`;
    served = first.metadata;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await first?.close();
    await second?.close();
    await app?.close();
  });

  const admin = () => new Browser(app.origin).signIn(owner.email);
  const idpOf = async () => {
    const listed = (await (await (await admin()).fetch(`sso/organizations/${acme.id}/connections`)).json()) as { connections: { id: string; idp: { entityId: string } }[] };
    return listed.connections.find((connection) => connection.id === connectionId)!.idp.entityId;
  };

  test("a connection made from the metadata URL signs people in", async () => {
    connectionId = await connectAcme(app, first, { idpMetadata: undefined, idpMetadataUrl: metadataUrl });
    const listed = (await (await (await admin()).fetch(`sso/organizations/${acme.id}/connections`)).json()) as { connections: Record<string, unknown>[] };
    expect(listed.connections[0]).toMatchObject({ idpMetadataUrl: metadataUrl, idp: { entityId: `${first.origin}/metadata` } });
    const browser = new Browser(app.origin);
    expect((await signInThroughIdp(browser, "ada@acme.test")).headers.get("location")).toBe(`${app.origin}/dashboard`);
  });

  test("an admin has it fetched again on demand", async () => {
    served = second.metadata;
    expect(await idpOf()).toBe(`${first.origin}/metadata`);
    const refreshed = await (await admin()).send("POST", `sso/organizations/${acme.id}/connections/${connectionId}/refresh-metadata`);
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ idp: { entityId: `${second.origin}/metadata` } });
    served = first.metadata;
    expect((await (await admin()).send("POST", `sso/organizations/${acme.id}/connections/${connectionId}/refresh-metadata`)).status).toBe(200);
  });

  test("a sign-in started once the metadata is older than the maximum age fetches it again, and goes to the identity provider it names now", async () => {
    served = second.metadata;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const browser = new Browser(app.origin);
    const discovered = await browser.fetch(`sso/discover?${new URLSearchParams({ email: "ada@acme.test" })}`);
    const start = await browser.fetch(discovered.headers.get("location")!);
    expect(start.headers.get("location")).toMatch(new RegExp(`^${second.origin}/sso\\?`));
    expect(await idpOf()).toBe(`${second.origin}/metadata`);
  });

  const refused = async (idpMetadataUrl: string) => {
    const response = await (await admin()).send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadataUrl });
    return { status: response.status, ...((await response.json()) as { error: string; message: string }) };
  };

  test("a URL that is not https is refused (loopback aside, which this app allows)", async () => {
    expect(await refused("http://idp.example.test/federationmetadata.xml")).toMatchObject({ status: 400, error: "InvalidMetadata", message: expect.stringContaining("Only https") });
    expect(await refused("ftp://127.0.0.1/metadata")).toMatchObject({ status: 400, message: expect.stringContaining("Only https") });
  });

  test("an address in a private or link-local network is refused, by name or as a literal", async () => {
    expect(await refused("https://169.254.169.254/latest/meta-data")).toMatchObject({ status: 400, message: expect.stringContaining("private or link-local") });
    expect(await refused("https://10.20.30.40/metadata")).toMatchObject({ status: 400, message: expect.stringContaining("private or link-local") });
    expect(await refused("https://[::ffff:192.168.1.1]/metadata")).toMatchObject({ status: 400, message: expect.stringContaining("private or link-local") });
  });

  test("a document over the size cap is refused, even when it is metadata", async () => {
    served = `${first.metadata}<!--${"x".repeat(600 * 1024)}-->`;
    expect(await refused(metadataUrl)).toMatchObject({ status: 400, error: "InvalidMetadata", message: expect.stringContaining("larger than") });
  });

  test("a document that is not IdP metadata is refused", async () => {
    served = "<!doctype html><html><body>Sign in</body></html>";
    expect(await refused(metadataUrl)).toMatchObject({ status: 400, error: "InvalidMetadata", message: expect.stringContaining("metadata") });
    served = first.metadata.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, "");
    expect(await refused(metadataUrl)).toMatchObject({ status: 400, error: "InvalidMetadata", message: expect.stringContaining("signing certificate") });
    // Fetched again, it is refused too, and the connection keeps the metadata it had.
    const before = await idpOf();
    const refresh = await (await admin()).send("POST", `sso/organizations/${acme.id}/connections/${connectionId}/refresh-metadata`);
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: "InvalidMetadata" });
    expect(await idpOf()).toBe(before);
  });
});
