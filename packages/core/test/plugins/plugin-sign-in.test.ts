/**
 * A plugin endpoint that verifies a user itself (as `@latch/sso` does with a SAML assertion) and
 * signs them in through the context's `signIn`: only an endpoint that declares `startsSession`
 * may; the `signIn` callback and the before-sign-in hooks still run and may refuse it; the
 * callback URL passes the `redirect` callback. And `text` answers a body as it is. Through
 * `Auth()` with JWT sessions and no adapter.
 */
import { definePlugin } from "@latch/core/plugins";
import { describe, expect, test } from "vitest";
import { baseConfig, Client } from "../client.js";

const verifier = definePlugin({
  id: "verifier",
  hooks: { beforeSignIn: ({ user }) => user.email !== "blocked@example.com" },
  endpoints: {
    accept: {
      method: "GET",
      path: "accept/:who",
      startsSession: true,
      handler: ({ params, query, signIn }) =>
        signIn({ provider: "verifier", providerAccountId: params.who!, user: { email: `${params.who}@example.com`, name: params.who }, callbackUrl: query.callbackUrl }),
    },
    undeclared: {
      method: "GET",
      path: "undeclared",
      handler: ({ signIn }) => signIn({ provider: "verifier", providerAccountId: "x", user: { email: "x@example.com" } }),
    },
    xml: { method: "GET", path: "doc.xml", handler: ({ text }) => text("<doc>1</doc>", { headers: { "Content-Type": "application/xml" } }) },
  },
});

const config = () => baseConfig({ plugins: [verifier] });

describe("a plugin that signs users in", () => {
  test("an endpoint that declares startsSession signs the user in and redirects within the site", async () => {
    const client = new Client(config());
    const response = await client.fetch("/auth/verifier/accept/ada?callbackUrl=/inside");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/inside");
    expect(await client.session()).toMatchObject({ user: { email: "ada@example.com", name: "ada" } });
  });

  test("a callback URL of another site is replaced by the redirect callback", async () => {
    const client = new Client(config());
    const response = await client.fetch(`/auth/verifier/accept/ada?callbackUrl=${encodeURIComponent("https://evil.example/")}`);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
  });

  test("the plugins' before-sign-in hook still refuses, and no session starts", async () => {
    const client = new Client(config());
    const response = await client.fetch("/auth/verifier/accept/blocked");
    expect(`${response.status} ${response.headers.get("location")} ${await response.text()}`).toContain("AccessDenied");
    expect(await client.session()).toBeNull();
  });

  test("an endpoint that does not declare it cannot start a session", async () => {
    const client = new Client(config());
    const response = await client.fetch("/auth/verifier/undeclared");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await client.session()).toBeNull();
  });

  test("text answers the body as it is, under the plugin's Content-Type", async () => {
    const response = await new Client(config()).fetch("/auth/verifier/doc.xml");
    expect(response.headers.get("content-type")).toBe("application/xml");
    expect(await response.text()).toBe("<doc>1</doc>");
  });
});
