/**
 * The demo's Email provider end to end over real HTTP: the link lands in the development outbox
 * (`/dev/outbox`) and signs the user in; a sign-up with a password sends its confirmation there
 * too, in the request's language; with NODE_ENV=production there is neither outbox nor Email
 * provider, nor the password provider whose emails it would carry.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import de from "@latch/core/languages/de";
import { createBrowser } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDemoApp } from "../src/app.js";
import { openDemoDatabase, type DemoDatabase } from "../src/database.js";

const secret = "demo-test-secret-0123456789-abcdefghijklmnop";
let database: DemoDatabase;
const servers: Server[] = [];

async function listen(env: string | undefined): Promise<string> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = env;
  try {
    const { app } = createDemoApp({ secret, auth: { adapter: database.adapter } });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  } finally {
    process.env.NODE_ENV = previous;
  }
}

beforeAll(async () => {
  database = await openDemoDatabase(null);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await database?.close();
});

describe("demo email sign-in", () => {
  test("the link appears on /dev/outbox and signs in", async () => {
    const origin = await listen("development");
    const browser = createBrowser();
    const providers = (await (await browser.fetch(`${origin}/auth/providers`)).json()) as Record<string, { type: string }>;
    expect(providers.email?.type).toBe("email");

    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    const sent = await browser.fetch(`${origin}/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: "Visitor@Example.com", callbackUrl: `${origin}/protected` }),
    });
    expect(sent.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=email&type=email`);

    const outbox = await (await browser.fetch(`${origin}/dev/outbox`)).text();
    expect(outbox).toContain("visitor@example.com");
    const link = /class="sign-in-link" href="([^"]+)"/.exec(outbox)![1]!.replaceAll("&#38;", "&");
    const { url, response } = await browser.follow(link);
    expect(url.pathname).toBe("/protected");
    expect(await response.text()).toContain("visitor@example.com");
  });

  test("a sign-up's confirmation lands on /dev/outbox in the reader's language, and its link signs in", async () => {
    const origin = await listen("development");
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    const sent = await browser.fetch(`${origin}/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "de" },
      body: new URLSearchParams({ csrfToken, email: "neu@example.com", password: "sieben Zwerge hinter", callbackUrl: `${origin}/protected` }),
    });
    expect(sent.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=password&type=signup`);

    const outbox = await (await browser.fetch(`${origin}/dev/outbox`)).text();
    const card = /<div class="card mail" data-to="neu@example.com" data-kind="verify-email">[\s\S]*?<\/div>/.exec(outbox)?.[0];
    expect(card).toBeDefined();
    expect(card).toContain(de.messages.signUpEmailSubject.replace("{host}", new URL(origin).host));
    const link = /class="mail-link" href="([^"]+)"/.exec(card!)![1]!.replaceAll("&#38;", "&");
    expect(new URL(link).pathname).toBe("/auth/verify-email");
    const { url, response } = await browser.follow(link);
    expect(url.pathname).toBe("/protected");
    expect(await response.text()).toContain("neu@example.com");
  });

  test("with NODE_ENV=production there is no outbox page, no Email provider and no password accounts", async () => {
    const origin = await listen("production");
    const browser = createBrowser();
    expect((await browser.fetch(`${origin}/dev/outbox`)).status).toBe(404);
    const providers = (await (await browser.fetch(`${origin}/auth/providers`)).json()) as Record<string, unknown>;
    expect(providers.email).toBeUndefined();
    expect(providers.password).toBeUndefined();
    expect(providers.credentials).toBeDefined();
  });
});
