/**
 * The example's build started without `AUTH_SECRET` in production: Latch's endpoints answer 500
 * with a JSON message that says which variable to set, pages get SvelteKit's error page, and no
 * answer shows a stack trace or a file path. Without `NOTES_API_ISSUER` the notes API says it is
 * not configured.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startExample, type ExampleServer } from "./server.js";

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let server: ExampleServer;

beforeAll(async () => {
  server = await startExample(port, { AUTH_URL: origin });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const internals = /\n\s+at \S|node_modules|\.js:\d+|\/work\//;

describe("without AUTH_SECRET", () => {
  it("the session endpoint answers 500 with a message that names AUTH_SECRET", async () => {
    const response = await fetch(`${origin}/auth/session`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain("AUTH_SECRET");
    expect(body.message).not.toMatch(internals);
  }, 60_000);

  it("a page whose load reads the session gets the error page, without internals", async () => {
    const response = await fetch(`${origin}/protected`, { redirect: "manual" });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).not.toMatch(internals);
    expect(server.output()).toContain("MissingSecret");
  });
});

describe("without NOTES_API_ISSUER", () => {
  it("the notes API answers 503 not_configured, and its metadata is absent", async () => {
    const response = await fetch(`${origin}/api/notes`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "not_configured" });
    expect((await fetch(`${origin}/.well-known/oauth-protected-resource`)).status).toBe(404);
  });
});
