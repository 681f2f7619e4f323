/**
 * The origin rule through `Auth()`: with a site URL (`AUTH_URL` through `setEnvDefaults`, or
 * `siteUrl`) a forged `Host` changes no URL Latch writes; malformed request URLs and empty JSON
 * bodies are 400s; the `signIn` callback's redirect and the callback URL pass the redirect rules.
 */
import { Auth, setEnvDefaults, type AuthConfig } from "@latch/core";
import type { Provider } from "@latch/core";
import { startOpenIDProvider } from "@latch/testing";
import { describe, expect, it } from "vitest";
import { Client, baseConfig, hasStackTrace, quietLogger } from "./client.js";

const site = "https://app.example.test";

/** A config prepared the way an integration does, with `AUTH_URL` in the environment. */
function withAuthUrl(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const config = baseConfig({ trustHost: undefined, ...overrides });
  setEnvDefaults({ AUTH_URL: site }, config);
  return config;
}

describe("the origin rule", () => {
  it("setEnvDefaults records AUTH_URL as siteUrl, and keeps a siteUrl already set", () => {
    expect(withAuthUrl().siteUrl).toBe(site);
    const own = baseConfig({ siteUrl: "https://own.example.test" });
    setEnvDefaults({ AUTH_URL: site }, own);
    expect(own.siteUrl).toBe("https://own.example.test");
  });

  it("with AUTH_URL set, a forged Host changes no provider URL", async () => {
    const client = new Client(withAuthUrl(), "http://attacker.example");
    const providers = (await (await client.fetch("/auth/providers")).json()) as Record<string, { signinUrl: string; callbackUrl: string }>;
    expect(providers.credentials).toMatchObject({ signinUrl: `${site}/auth/signin/credentials`, callbackUrl: `${site}/auth/callback/credentials` });
  });

  it("with AUTH_URL set, redirects, page links and the default callback URL stay on the site", async () => {
    const client = new Client(withAuthUrl(), "http://attacker.example");
    const csrfToken = await client.csrfToken();
    const failed = await client.post("/auth/callback/credentials", { csrfToken, username: "alice", password: "wrong" });
    expect(new URL(failed.headers.get("location")!).origin).toBe(site);
    const page = await (await client.fetch("/auth/signin")).text();
    expect(page).toContain(`action="${site}/auth/callback/credentials"`);
    expect(page).toContain(`name="callbackUrl" value="${site}"`);
    expect(page).not.toContain("attacker.example");
    const signedIn = await client.signIn();
    expect(new URL(signedIn.headers.get("location")!).origin).toBe(site);
  });

  it("with AUTH_URL set, the OAuth redirect_uri is on the site", async () => {
    const op = await startOpenIDProvider({ clients: [{ client_id: "app", client_secret: "s3cret", redirect_uris: [`${site}/auth/callback/idp`] }] });
    try {
      const provider = { id: "idp", name: "IdP", type: "oidc", issuer: op.issuer, clientId: "app", clientSecret: "s3cret" } as Provider;
      const client = new Client(withAuthUrl({ providers: [provider] }), "http://attacker.example");
      const csrfToken = await client.csrfToken();
      const response = await client.post("/auth/signin/idp", { csrfToken });
      const authorization = new URL(response.headers.get("location")!);
      expect(authorization.origin).toBe(op.issuer);
      expect(authorization.searchParams.get("redirect_uri")).toBe(`${site}/auth/callback/idp`);
    } finally {
      await op.close();
    }
  });

  it("without a site URL, the trusted request's origin is used", async () => {
    const client = new Client(baseConfig(), "http://localhost:4000");
    const providers = (await (await client.fetch("/auth/providers")).json()) as Record<string, { callbackUrl: string }>;
    expect(providers.credentials!.callbackUrl).toBe("http://localhost:4000/auth/callback/credentials");
  });

  it("a site URL that is not an http(s) URL is a configuration error", async () => {
    const cases: [string, string][] = [
      ["not a url", "is not a URL"],
      ["file:///etc", "must be an http: or https: URL"],
      ["https://user:pw@app.example.test", "must not carry a user name or password"],
      ["https://user@app.example.test", "must not carry a user name or password"],
      ["https://:pw@app.example.test", "must not carry a user name or password"],
    ];
    for (const [siteUrl, reason] of cases) {
      const { logs, logger } = quietLogger();
      const response = await new Client(baseConfig({ siteUrl, logger })).fetch("/auth/providers");
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).toContain("UntrustedHost");
      expect(hasStackTrace(text)).toBe(false);
      expect(JSON.stringify(logs.error.map(([, args]) => args.map((a) => (a instanceof Error ? a.message : a))))).toContain(reason);
    }
    // Both schemes pass.
    for (const siteUrl of ["http://app.example.test", "https://app.example.test"]) {
      expect((await new Client(baseConfig({ siteUrl })).fetch("/auth/providers")).status).toBe(200);
    }
  });
});

describe("malformed requests in core", () => {
  const send = (url: string, init: RequestInit = {}) => Auth(new Request(url, init), baseConfig() as Omit<AuthConfig, "raw">);

  it("a request URL that is not http(s) is a 400", async () => {
    for (const url of ["file:///auth/providers", "ftp://localhost/auth/providers"]) {
      const response = await send(url);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
  });

  it("a JSON request with an empty body is a 400, not a CSRF redirect", async () => {
    for (const path of ["/auth/signout", "/auth/callback/credentials", "/auth/session"]) {
      const response = await send(`http://localhost:3000${path}`, { method: "POST", headers: { "content-type": "application/json" } });
      expect(response.status, path).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
  });
});

describe("redirects", () => {
  const hostile = [
    "javascript:alert(document.domain)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "https://attacker.example/",
    "//attacker.example/",
  ];

  for (const target of hostile) {
    it(`a signIn callback returning ${JSON.stringify(target)} redirects to the site`, async () => {
      const client = new Client(baseConfig({ callbacks: { signIn: () => target } }));
      const response = await client.signIn();
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("http://localhost:3000");
    });
  }

  it("a signIn callback's own path passes", async () => {
    const client = new Client(baseConfig({ callbacks: { signIn: () => "/welcome" } }));
    expect((await client.signIn()).headers.get("location")).toBe("http://localhost:3000/welcome");
  });

  it("a signIn callback's string goes through the user's redirect callback", async () => {
    const seen: string[] = [];
    const client = new Client(baseConfig({
      callbacks: {
        signIn: () => "/elsewhere",
        redirect: ({ url, baseUrl }) => (seen.push(url), `${baseUrl}/checked`),
      },
    }));
    expect((await client.signIn()).headers.get("location")).toBe("http://localhost:3000/checked");
    expect(seen).toContain("/elsewhere");
  });

  for (const callbackUrl of ["blob:http://localhost:3000/2f6e1b8e-5f36-4d7c-a8c3-2d1e0c5b9a11", ...hostile]) {
    it(`callbackUrl ${JSON.stringify(callbackUrl)} is replaced by the site's origin`, async () => {
      const client = new Client(baseConfig());
      const response = await client.signIn({ username: "alice", password: "wonderland", callbackUrl });
      expect(response.headers.get("location")).toBe("http://localhost:3000");
    });
  }

  it("in JSON mode the refused target never reaches the client either", async () => {
    const client = new Client(baseConfig({ callbacks: { signIn: () => "javascript:alert(1)" } }));
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/callback/credentials", { csrfToken, username: "alice", password: "wonderland" }, { "x-auth-return-redirect": "1" });
    expect(await response.json()).toEqual({ url: "http://localhost:3000" });
  });
});
