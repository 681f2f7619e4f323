import { describe, expect, it } from "vitest";
import { createActionURL, isAuthAction, setEnvDefaults, type Adapter, type AuthConfig, type Provider } from "@latch/core";
import GitHub from "@latch/core/providers/github";
import Passkey from "@latch/core/providers/passkey";
import { Client, baseConfig, hasStackTrace, quietLogger } from "./client.js";

async function configError(config: AuthConfig, path = "/auth/session", headers: HeadersInit = {}) {
  const response = await new Client(config).fetch(path, { headers });
  const text = await response.text();
  expect(hasStackTrace(text)).toBe(false);
  return { response, text };
}

const webauthn = Passkey();

describe("configuration errors", () => {
  it("no secret: JSON actions answer 500 { message } naming AUTH_SECRET", async () => {
    const { logs, logger } = quietLogger();
    const { response, text } = await configError(baseConfig({ secret: undefined, logger }));
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["message"]);
    expect(body.message).toMatch(/AUTH_SECRET/);
    expect(logs.error.map(([code]) => code)).toContain("MissingSecret");
  });

  it("no secret: an empty list is no secret either", async () => {
    const { response, text } = await configError(baseConfig({ secret: [] }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/AUTH_SECRET/);
  });

  it("no secret: a page request gets the Configuration error page with 500", async () => {
    const { response, text } = await configError(baseConfig({ secret: undefined }), "/auth/signin");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(text).toMatch(/configuration/i);
  });

  it("no secret: JSON mode gets 500 JSON even for a page action", async () => {
    const { response, text } = await configError(baseConfig({ secret: undefined }), "/auth/signout", { "x-auth-return-redirect": "1" });
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toHaveProperty("message");
  });

  it("the secret never appears in a configuration error", async () => {
    const secret = "super-secret-value-that-must-not-leak-0123456789";
    const { text } = await configError(baseConfig({ secret, trustHost: false }));
    expect(text).not.toContain(secret);
  });

  it("trustHost false → UntrustedHost", async () => {
    const { logs, logger } = quietLogger();
    const { response, text } = await configError(baseConfig({ trustHost: false, logger }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/UntrustedHost/);
    expect(logs.error.map(([code]) => code)).toContain("UntrustedHost");
  });

  it("a webauthn provider without the experimental flag → ExperimentalFeatureNotEnabled", async () => {
    const { response, text } = await configError(baseConfig({ providers: [webauthn] }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/ExperimentalFeatureNotEnabled/);
    expect(text).toMatch(/enableWebAuthn/);
  });

  it("a webauthn provider written as a plain object → InvalidProvider naming Passkey()", async () => {
    const plain = { id: "passkey", name: "Passkey", type: "webauthn" } as unknown as Provider;
    const { response, text } = await configError(baseConfig({ providers: [plain], experimental: { enableWebAuthn: true } }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/InvalidProvider/);
    expect(text).toMatch(/Passkey\(\)/);
  });

  it("database strategy without an adapter → MissingAdapter", async () => {
    const { response, text } = await configError(baseConfig({ session: { strategy: "database" } }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/MissingAdapter/);
  });

  it("an adapter without createSession for database sessions → MissingAdapterMethods naming it", async () => {
    const noop = async () => null;
    const adapter: Adapter = {
      createUser: async (user) => user,
      getUser: noop,
      getUserByEmail: noop,
      getUserByAccount: noop,
      updateUser: async (user) => user as never,
      linkAccount: async () => undefined,
      getSessionAndUser: noop,
      updateSession: noop,
      deleteSession: async () => undefined,
    };
    const { response, text } = await configError(baseConfig({ adapter }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/MissingAdapterMethods/);
    expect(text).toMatch(/createSession/);
    expect(text).not.toMatch(/getSessionAndUser/);
  });

  it("an unknown session strategy → UnsupportedStrategy", async () => {
    const { text } = await configError(baseConfig({ session: { strategy: "cookie" as never } }));
    expect(text).toMatch(/UnsupportedStrategy/);
  });

  it("a credentials provider without authorize → MissingAuthorize", async () => {
    const provider = { id: "credentials", name: "Credentials", type: "credentials" } as unknown as Provider;
    const { text } = await configError(baseConfig({ providers: [provider] }));
    expect(text).toMatch(/MissingAuthorize/);
  });

  it("an endpoint relative to the issuer without an issuer → InvalidEndpoints naming AUTH_<ID>_ISSUER", async () => {
    const { logs, logger } = quietLogger();
    const provider = { id: "my-lab", name: "Lab", type: "oauth", authorization: "oauth/authorize", token: "https://lab.example/token" } as unknown as Provider;
    const { response, text } = await configError(baseConfig({ providers: [provider], logger }));
    expect(response.status).toBe(500);
    expect(text).toMatch(/AUTH_MY_LAB_ISSUER/);
    expect(logs.error.map(([code]) => code)).toContain("InvalidEndpoints");
  });
});

describe("setEnvDefaults", () => {
  it("takes AUTH_SECRET", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_SECRET: "s1" }, config);
    expect(config.secret).toBe("s1");
  });

  it("takes NEXTAUTH_SECRET as an alias", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ NEXTAUTH_SECRET: "legacy" }, config);
    expect(config.secret).toBe("legacy");
  });

  it("orders AUTH_SECRET before AUTH_SECRET_1..3", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_SECRET_3: "c", AUTH_SECRET_1: "a", AUTH_SECRET: "main", AUTH_SECRET_2: "b" }, config);
    expect(config.secret).toEqual(["main", "a", "b", "c"]);
  });

  it("keeps a configured secret", () => {
    const config: AuthConfig = { providers: [], secret: "mine" };
    setEnvDefaults({ AUTH_SECRET: "env" }, config);
    expect(config.secret).toBe("mine");
  });

  it("takes basePath from AUTH_URL's path, and trusts the host", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_URL: "https://example.com/api/auth/" }, config);
    expect(config.basePath).toBe("/api/auth");
    expect(config.trustHost).toBe(true);
  });

  it("takes no basePath from an AUTH_URL without a path", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_URL: "https://example.com" }, config);
    expect(config.basePath).toBeUndefined();
  });

  it("warns when basePath and AUTH_URL's path disagree, and keeps basePath", () => {
    const { logs, logger } = quietLogger();
    const config: AuthConfig = { providers: [], basePath: "/custom", logger };
    setEnvDefaults({ AUTH_URL: "https://example.com/api/auth" }, config);
    expect(config.basePath).toBe("/custom");
    expect(logs.warn.map(([code]) => code)).toEqual(["env-url-basepath-mismatch"]);
  });

  it("AUTH_TRUST_HOST=false means false, even with AUTH_URL", () => {
    for (const value of ["false", "0"]) {
      const config: AuthConfig = { providers: [] };
      setEnvDefaults({ AUTH_TRUST_HOST: value, AUTH_URL: "https://example.com" }, config);
      expect(config.trustHost).toBe(false);
    }
  });

  it("AUTH_TRUST_HOST=true or 1 means true", () => {
    for (const value of ["true", "1"]) {
      const config: AuthConfig = { providers: [] };
      setEnvDefaults({ AUTH_TRUST_HOST: value, NODE_ENV: "production" }, config);
      expect(config.trustHost).toBe(true);
    }
  });

  it("an explicit trustHost wins over the environment", () => {
    const config: AuthConfig = { providers: [], trustHost: false };
    setEnvDefaults({ AUTH_TRUST_HOST: "true" }, config);
    expect(config.trustHost).toBe(false);
  });

  it("takes AUTH_REDIRECT_PROXY_URL", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_REDIRECT_PROXY_URL: "https://auth.example.com/auth" }, config);
    expect(config.redirectProxyUrl).toBe("https://auth.example.com/auth");
  });

  it("fills AUTH_<ID>_ID/_SECRET into provider options without mutating the provider", () => {
    const github = GitHub({});
    const before = { ...github, options: { ...(github as { options?: object }).options } };
    const config: AuthConfig = { providers: [github, GitHub] };
    setEnvDefaults({ AUTH_GITHUB_ID: "gh-id", AUTH_GITHUB_SECRET: "gh-secret" }, config);
    expect(github).toEqual(before);
    for (const provider of config.providers) {
      expect(provider).not.toBe(github);
      expect((provider as { options: Record<string, unknown> }).options).toMatchObject({ clientId: "gh-id", clientSecret: "gh-secret" });
    }
  });

  it("keeps options given in code over the environment", () => {
    const config: AuthConfig = { providers: [GitHub({ clientId: "from-code" })] };
    setEnvDefaults({ AUTH_GITHUB_ID: "from-env", AUTH_GITHUB_SECRET: "s" }, config);
    expect((config.providers[0] as { options: Record<string, unknown> }).options).toMatchObject({ clientId: "from-code", clientSecret: "s" });
  });

  it("uses the provider's custom id, upper-cased with - → _", () => {
    const config: AuthConfig = { providers: [GitHub({ id: "github-enterprise" })] };
    setEnvDefaults({ AUTH_GITHUB_ENTERPRISE_ID: "ent" }, config);
    expect((config.providers[0] as { options: Record<string, unknown> }).options).toMatchObject({ clientId: "ent" });
  });

  it("without AUTH_TRUST_HOST, production trusts the host only on platforms that set it or with AUTH_URL", () => {
    const trust = (env: Record<string, string>) => {
      const config: AuthConfig = { providers: [] };
      setEnvDefaults({ NODE_ENV: "production", ...env }, config);
      return config.trustHost;
    };
    expect(trust({})).toBe(false);
    expect(trust({ VERCEL: "1" })).toBe(true);
    expect(trust({ CF_PAGES: "1" })).toBe(true);
    expect(trust({ AUTH_URL: "https://example.com" })).toBe(true);
    expect(trust({ NEXTAUTH_URL: "https://example.com" })).toBe(true);
    // A value that is neither true/1 nor false/0 (nor empty) decides nothing.
    expect(trust({ AUTH_TRUST_HOST: "yes" })).toBe(false);
    expect(trust({ AUTH_TRUST_HOST: "" })).toBe(false);
    expect(trust({ AUTH_TRUST_HOST: "TRUE" })).toBe(true);
    expect(trust({ AUTH_TRUST_HOST: "trueish" })).toBe(false);
    expect(trust({ AUTH_TRUST_HOST: "untrue" })).toBe(false);
    const development: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_TRUST_HOST: "0false" }, development);
    expect(development.trustHost).toBe(true);
    for (const value of ["yes", "xfalse", "10"]) {
      const config: AuthConfig = { providers: [] };
      setEnvDefaults({ AUTH_TRUST_HOST: value }, config);
      expect(config.trustHost).toBe(true);
    }
  });

  it("takes NEXTAUTH_URL as an alias of AUTH_URL, and AUTH_URL before it", () => {
    const alias: AuthConfig = { providers: [] };
    setEnvDefaults({ NEXTAUTH_URL: "https://legacy.example.com/api/auth" }, alias);
    expect(alias).toMatchObject({ siteUrl: "https://legacy.example.com/api/auth", basePath: "/api/auth" });
    const both: AuthConfig = { providers: [], siteUrl: undefined };
    setEnvDefaults({ AUTH_URL: "https://app.example.com", NEXTAUTH_URL: "https://legacy.example.com" }, both);
    expect(both.siteUrl).toBe("https://app.example.com");
    const kept: AuthConfig = { providers: [], siteUrl: "https://code.example.com" };
    setEnvDefaults({ AUTH_URL: "https://env.example.com" }, kept);
    expect(kept.siteUrl).toBe("https://code.example.com");
  });

  it("warns once when basePath repeats AUTH_URL's path, on the config's logger or the console", () => {
    const { logs, logger } = quietLogger();
    const config: AuthConfig = { providers: [], basePath: "/api/auth", logger };
    setEnvDefaults({ AUTH_URL: "https://example.com/api/auth//" }, config);
    expect(config.basePath).toBe("/api/auth");
    expect(logs.warn.map(([code]) => code)).toEqual(["env-url-basepath-redundant"]);
    const printed: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void printed.push(args);
    try {
      setEnvDefaults({ AUTH_URL: "https://example.com/api/auth" }, { providers: [], basePath: "/other" });
    } finally {
      console.warn = warn;
    }
    expect(printed).toHaveLength(1);
    expect(String(printed[0]![0])).toBe("[latch][warn][env-url-basepath-mismatch]");
    // An AUTH_URL that is not a URL sets nothing else and throws nothing here.
    const invalid: AuthConfig = { providers: [] };
    expect(() => setEnvDefaults({ AUTH_URL: "not a url" }, invalid)).not.toThrow();
    expect(invalid.basePath).toBeUndefined();
  });

  it("a secret list that is empty takes the environment's; an empty main secret leaves the older ones", () => {
    const empty: AuthConfig = { providers: [], secret: [] };
    setEnvDefaults({ AUTH_SECRET: "env" }, empty);
    expect(empty.secret).toBe("env");
    const older: AuthConfig = { providers: [] };
    setEnvDefaults({ AUTH_SECRET: "", AUTH_SECRET_2: "two" }, older);
    expect(older.secret).toBe("two");
    const none: AuthConfig = { providers: [] };
    setEnvDefaults({}, none);
    expect(none.secret).toBeUndefined();
  });

  it("fills AUTH_<ID>_ISSUER for OIDC, AUTH_<ID>_KEY for email, and nothing for other types", () => {
    const config: AuthConfig = {
      providers: [
        { id: "corp", name: "Corp", type: "oidc" } as Provider,
        { id: "mailer", name: "Mailer", type: "email", sendVerificationRequest: async () => {} } as unknown as Provider,
        () => ({ id: "lazy", name: "Lazy", type: "oauth" }) as never,
        { id: "pin", name: "PIN", type: "credentials", authorize: async () => null } as unknown as Provider,
      ],
    };
    setEnvDefaults(
      {
        AUTH_CORP_ID: "corp-id",
        AUTH_CORP_SECRET: "corp-secret",
        AUTH_CORP_ISSUER: "https://corp.example.com",
        AUTH_CORP_KEY: "not-for-oidc",
        AUTH_MAILER_KEY: "mail-key",
        AUTH_MAILER_ID: "not-for-email",
        AUTH_LAZY_ID: "lazy-id",
        AUTH_PIN_ID: "not-for-credentials",
        AUTH_PIN_KEY: "not-for-credentials",
      },
      config,
    );
    const options = config.providers.map((p) => (p as { options: Record<string, unknown> }).options);
    expect(options[0]).toEqual({ clientId: "corp-id", clientSecret: "corp-secret", issuer: "https://corp.example.com" });
    expect(options[1]).toEqual({ apiKey: "mail-key" });
    expect(options[2]).toEqual({ clientId: "lazy-id" });
    expect(options[3]).toEqual({});
  });

  it("the filled config works end to end", async () => {
    const config: AuthConfig = { providers: baseConfig().providers, logger: quietLogger().logger };
    setEnvDefaults({ AUTH_SECRET: "an-env-secret-0123456789-abcdefghijklmnop", AUTH_TRUST_HOST: "true" }, config);
    const client = new Client(config);
    expect((await client.signIn()).status).toBe(302);
    expect(await client.session()).toMatchObject({ user: { name: "Alice" } });
  });
});

describe("createActionURL", () => {
  it("uses AUTH_URL when set, with basePath", () => {
    const url = createActionURL("signin", "http", new Headers({ host: "internal:3000" }), { AUTH_URL: "https://example.com/api/auth" }, "/api/auth");
    expect(url.href).toBe("https://example.com/api/auth/signin");
  });

  it("uses AUTH_URL's path when there is no basePath", () => {
    const url = createActionURL("session", "http", new Headers(), { AUTH_URL: "https://example.com/auth" });
    expect(url.href).toBe("https://example.com/auth/session");
  });

  it("uses Host and the protocol without AUTH_URL", () => {
    const url = createActionURL("csrf", "http", new Headers({ host: "localhost:3000" }), {}, "/auth");
    expect(url.href).toBe("http://localhost:3000/auth/csrf");
  });

  it("takes NEXTAUTH_URL as an alias, and AUTH_URL before it", () => {
    expect(createActionURL("session", "http", new Headers({ host: "internal" }), { NEXTAUTH_URL: "https://legacy.example.com/api/auth" }).href).toBe(
      "https://legacy.example.com/api/auth/session",
    );
    const both = { AUTH_URL: "https://app.example.com", NEXTAUTH_URL: "https://legacy.example.com" };
    expect(createActionURL("session", "http", new Headers(), both, "/auth").href).toBe("https://app.example.com/auth/session");
  });

  it("keeps AUTH_URL's path when basePath is / or unset, and joins the parts with one slash", () => {
    const env = { AUTH_URL: "https://example.com/auth" };
    expect(createActionURL("signin", "http", new Headers(), env, "/").href).toBe("https://example.com/auth/signin");
    expect(createActionURL("signin", "http", new Headers(), { AUTH_URL: "https://example.com/" }, "/api/auth/").href).toBe("https://example.com/api/auth/signin");
    expect(createActionURL("signin", "http", new Headers({ host: "example.com" }), {}, "//api//auth//").href).toBe("http://example.com/api/auth/signin");
    expect(createActionURL("signin", "http", new Headers({ host: "example.com" }), {}).href).toBe("http://example.com/signin");
  });

  it("prefers X-Forwarded-Host and X-Forwarded-Proto", () => {
    const headers = new Headers({ host: "internal:3000", "x-forwarded-host": "example.com", "x-forwarded-proto": "https" });
    expect(createActionURL("signout", "http:", headers, {}, "/auth").href).toBe("https://example.com/auth/signout");
  });
});

describe("isAuthAction", () => {
  it("accepts every action and nothing else", () => {
    for (const action of ["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options", "sessions", "link", "unlink"]) {
      expect(isAuthAction(action)).toBe(true);
    }
    for (const other of ["", "nope", "Session", "signin/credentials", "toString", "__proto__"]) expect(isAuthAction(other)).toBe(false);
  });
});
