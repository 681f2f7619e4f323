/**
 * What Latch does with the less common answers of an OAuth provider, end to end against the real
 * OpenID Provider of @latch/testing with @latch/pg on PGlite: a userinfo endpoint that fails, a
 * profile without an id, a token response without `expires_in`, an `account()`
 * callback choosing what is stored, names taken from `nickname`/`preferred_username`, a public
 * client, and client settings that cannot work.
 *
 * Some cases need the provider to answer in ways this OpenID Provider never does (no
 * `expires_in`, a 500 from userinfo): there the provider's real answer is changed on its way to
 * Latch by the provider's `[customFetch]`, the hook Latch offers apps for exactly this.
 */
import { customFetch, type Provider } from "@latch/core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createBrowser, logs, pgliteAdapter, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider } from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let db: Awaited<ReturnType<typeof pgliteAdapter>>;

/** A fetch that hands `url`'s answer to `change` first. */
function changing(match: (url: string) => boolean, change: (response: Response) => Promise<Response> | Response): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    return match(String(input instanceof Request ? input.url : input)) ? change(response) : response;
  };
}

const clients = ["conform", "broken-userinfo", "no-id", "not-object", "bare-tokens", "picked", "nickname", "public", "no-client-id", "post-no-secret"];

beforeAll(async () => {
  [latch, op, db] = await Promise.all([startLatch(), startOpenIDProvider(), pgliteAdapter()]);
  for (const id of clients) {
    await op.setClient({
      client_id: id,
      ...(id === "public" ? { token_endpoint_auth_method: "none" } : { client_secret: `${id}-secret` }),
      redirect_uris: [`${latch.origin}/auth/callback/${id}`],
    });
  }
});
afterAll(async () => {
  await Promise.all([latch?.close(), op?.close(), db?.db.close()]);
});
beforeEach(async () => {
  logs.length = 0;
  await db.db.exec(`DELETE FROM sessions; DELETE FROM accounts; DELETE FROM users`);
});

/** A plain OAuth 2 provider at the test OP: explicit endpoints and userinfo. */
function oauth(id: string, extra: Record<string, unknown> = {}): Provider {
  const e = op.endpoints;
  return {
    id,
    name: id,
    type: "oauth",
    issuer: op.issuer,
    authorization: { url: e.authorization, params: { scope: "openid email profile" } },
    token: e.token,
    userinfo: e.userinfo,
    clientId: id,
    clientSecret: `${id}-secret`,
    ...extra,
  } as Provider;
}

function use(provider: Provider): void {
  latch.configure({ adapter: db.adapter, providers: [provider] });
}

/** The messages of the errors Latch logged, with their causes'. */
function loggedMessages(): string {
  const messages: string[] = [];
  const walk = (value: unknown) => {
    if (value instanceof Error) {
      messages.push(value.message);
      walk((value as { cause?: unknown }).cause);
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  logs.forEach((l) => l.args.forEach(walk));
  return messages.join("\n");
}

/** Signs in and returns where the browser ended and the error code, if any. */
async function attempt(id: string): Promise<{ path: string; error: string | null }> {
  const { url } = await signIn(createBrowser(), latch.origin, id);
  return { path: url.pathname, error: url.searchParams.get("error") };
}

describe("provider answers", { timeout: 60_000 }, () => {
  test("a userinfo endpoint answering 500: OAuthCallbackError on the sign-in page, nothing stored", async () => {
    use(oauth("broken-userinfo", { [customFetch]: changing((url) => url === op.endpoints.userinfo, () => new Response("down", { status: 500 })) }));
    expect(await attempt("broken-userinfo")).toEqual({ path: "/auth/signin", error: "OAuthCallbackError" });
    expect(await db.counts()).toEqual({ users: 0, accounts: 0, sessions: 0 });
    expect(logs.map((l) => l.code)).toContain("OAuthCallbackError");
  });

  test("a profile with no id: the Configuration error page (the profile mapping is the app's), OAuthProfileParseError logged, nothing stored", async () => {
    use(oauth("no-id", { userinfo: { url: op.endpoints.userinfo, request: () => ({ email: "someone@example.com" }) } }));
    expect(await attempt("no-id")).toEqual({ path: "/auth/error", error: "Configuration" });
    expect(logs.map((l) => l.code)).toContain("OAuthProfileParseError");
    expect(await db.counts()).toEqual({ users: 0, accounts: 0, sessions: 0 });
  });

  test("a userinfo request that gives no object: OAuthCallbackError, nothing stored", async () => {
    use(oauth("not-object", { userinfo: { url: op.endpoints.userinfo, request: () => null } }));
    expect((await attempt("not-object")).error).toBe("OAuthCallbackError");
    expect(await db.counts()).toEqual({ users: 0, accounts: 0, sessions: 0 });
  });

  test("a token response without expires_in: signed in, the account has no expires_at", async () => {
    const strip = async (response: Response) => {
      const { expires_in: _e, ...body } = (await response.json()) as Record<string, unknown>;
      return Response.json(body, { status: response.status });
    };
    use(oauth("bare-tokens", { [customFetch]: changing((url) => url === op.endpoints.token, strip) }));
    expect((await attempt("bare-tokens")).path).toBe("/dashboard");
    const [account] = await db.accounts();
    expect(account).toMatchObject({ provider: "bare-tokens", expires_at: null, token_type: "bearer" });
    expect(account!.access_token).toEqual(expect.any(String));
  });

  test("with expires_in, expires_at is when the token expires, and token_type is lowercased", async () => {
    use(oauth("bare-tokens"));
    const before = Math.floor(Date.now() / 1000);
    expect((await attempt("bare-tokens")).path).toBe("/dashboard");
    const [account] = await db.accounts();
    expect(account!.token_type).toBe("bearer");
    expect(Number(account!.expires_at)).toBeGreaterThan(before);
  });

  test("token.conform mends a token response the provider got wrong (here: no token_type, which OAuth 2 requires)", async () => {
    const strip = async (response: Response) => {
      const { token_type: _t, ...body } = (await response.json()) as Record<string, unknown>;
      return Response.json(body, { status: response.status });
    };
    const mend = async (response: Response) => Response.json({ ...((await response.json()) as object), token_type: "Bearer" });
    const broken = { [customFetch]: changing((url) => url === op.endpoints.token, strip) };
    use(oauth("conform", { ...broken, token: { url: op.endpoints.token } }));
    expect((await attempt("conform")).error).toBe("OAuthCallbackError");
    use(oauth("conform", { ...broken, token: { url: op.endpoints.token, conform: () => undefined } }));
    expect((await attempt("conform")).error).toBe("OAuthCallbackError");
    use(oauth("conform", { ...broken, token: { url: op.endpoints.token, conform: mend } }));
    expect((await attempt("conform")).path).toBe("/dashboard");
    expect((await db.accounts())[0]).toMatchObject({ provider: "conform", token_type: "bearer" });
  });

  test("account(tokens) chooses what the account row keeps", async () => {
    use(oauth("picked", { account: (tokens: { access_token?: string }) => ({ access_token: tokens.access_token, scope: "picked" }) }));
    expect((await attempt("picked")).path).toBe("/dashboard");
    const [account] = await db.accounts();
    expect(account).toMatchObject({ scope: "picked", refresh_token: null, id_token: null, token_type: null });
  });

  test("the default profile mapping: name from nickname, then preferred_username; a user without an address has none", async () => {
    const profiles = [
      { sub: "n-1", nickname: "nick", preferred_username: "pref" },
      { sub: "n-2", preferred_username: "pref" },
    ];
    for (const profile of profiles) {
      use(oauth("nickname", { userinfo: { url: op.endpoints.userinfo, request: () => profile } }));
      expect((await attempt("nickname")).path).toBe("/dashboard");
    }
    const users = (await db.db.query<{ name: string; email: string | null }>(`SELECT name, email FROM users ORDER BY name`)).rows;
    expect(users.map((u) => u.name)).toEqual(["nick", "pref"]);
    expect(users.every((u) => !u.email)).toBe(true);
  });

  test("a public client (no secret, token_endpoint_auth_method none) signs in with PKCE", async () => {
    use(oauth("public", { clientSecret: undefined, checks: ["pkce", "state"] }));
    expect((await attempt("public")).path).toBe("/dashboard");
    expect((await db.counts()).accounts).toBe(1);
  });

  test("no clientId: the Configuration error, and the log names the variable to set", async () => {
    use(oauth("no-client-id", { clientId: undefined }));
    const browser = createBrowser();
    const csrf = (await (await browser.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const response = await browser.fetch(`${latch.origin}/auth/signin/no-client-id`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken }),
    });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration");
    expect(loggedMessages()).toContain("AUTH_NO_CLIENT_ID_ID");
  });

  test("client_secret_post without a secret: the Configuration error naming AUTH_<ID>_SECRET", async () => {
    use(oauth("post-no-secret", { clientSecret: undefined, client: { token_endpoint_auth_method: "client_secret_post" } }));
    const browser = createBrowser();
    const csrf = (await (await browser.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const response = await browser.fetch(`${latch.origin}/auth/signin/post-no-secret`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken }),
    });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration");
    expect(loggedMessages()).toContain("AUTH_POST_NO_SECRET_SECRET");
  });
});
