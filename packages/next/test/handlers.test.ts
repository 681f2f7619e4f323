/**
 * The Route Handlers with Next.js's own `NextRequest` (no server): the request conversion (origin,
 * path, body) and a credentials round through GET and POST.
 */
import { describe, expect, test } from "vitest";
import { NextRequest } from "next/server";
import { adaCredentials } from "./ada.js";
import { createHandlers } from "../src/handlers.js";
import { toAuthRequest } from "../src/request.js";
import type { NextAuthConfig } from "../src/config.js";

const secret = "handlers-test-secret-0123456789abcdefghij";

const config: NextAuthConfig = {
  secret,
  trustHost: true,
  logger: { error: () => {}, warn: () => {} },
  providers: [
    adaCredentials(),
  ],
};

function cookieHeader(setCookies: string[], jar = new Map<string, string>()): string {
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar.set(name!, value.join("="));
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

describe("toAuthRequest", () => {
  test("the origin comes from siteUrl, never from the request's Host", async () => {
    const request = new NextRequest("http://attacker.example/api/auth/providers?x=1", { headers: { host: "attacker.example" } });
    const converted = await toAuthRequest(request, "https://app.example");
    expect(converted.url).toBe("https://app.example/api/auth/providers?x=1");
  });

  test("without siteUrl: X-Forwarded-Proto and -Host (first value), else the Host", async () => {
    const forwarded = new NextRequest("http://internal:3000/api/auth/csrf", { headers: { host: "internal:3000", "x-forwarded-proto": "https, http", "x-forwarded-host": "app.example, proxy.internal" } });
    expect((await toAuthRequest(forwarded, undefined)).url).toBe("https://app.example/api/auth/csrf");
    const plain = new NextRequest("http://app.example/api/auth/csrf", { headers: { host: "app.example" } });
    expect((await toAuthRequest(plain, undefined)).url).toBe("http://app.example/api/auth/csrf");
  });

  test("a malformed Host or a forwarded scheme other than http(s) is refused", async () => {
    const badHost = new NextRequest("http://app.example/api/auth/csrf", { headers: { host: "user@attacker.example" } });
    await expect(toAuthRequest(badHost, undefined)).rejects.toMatchObject({ type: "InvalidRequest" });
    const badProto = new NextRequest("http://app.example/api/auth/csrf", { headers: { host: "app.example", "x-forwarded-proto": "javascript" } });
    await expect(toAuthRequest(badProto, undefined)).rejects.toMatchObject({ type: "InvalidRequest" });
  });

  test("a site URL that is not a URL leaves the request's origin (core reports the setting)", async () => {
    const request = new NextRequest("http://app.example/api/auth/csrf", { headers: { host: "app.example" } });
    expect((await toAuthRequest(request, "not a url")).url).toBe("http://app.example/api/auth/csrf");
  });

  test("an empty forwarded value falls back to the Host and the request's protocol", async () => {
    const request = new NextRequest("https://app.example/api/auth/csrf", { headers: { host: "app.example", "x-forwarded-host": " , proxy.internal", "x-forwarded-proto": "" } });
    expect((await toAuthRequest(request, undefined)).url).toBe("https://app.example/api/auth/csrf");
  });

  test("GET and HEAD carry no body; PUT is refused with 405", async () => {
    const head = await toAuthRequest(new NextRequest("http://app.example/api/auth/session", { method: "HEAD", headers: { host: "app.example" } }), undefined);
    expect(head.method).toBe("HEAD");
    expect(head.body).toBeNull();
    const put = new NextRequest("http://app.example/api/auth/session", { method: "PUT", headers: { host: "app.example" }, body: "x" });
    await expect(toAuthRequest(put, undefined)).rejects.toMatchObject({ type: "InvalidRequest", status: 405 });
  });

  test("a POST keeps its body whole, drops the framing headers, and an empty one stays empty", async () => {
    const fields = `email=${"a".repeat(64 * 1024 - 6)}`;
    const post = new NextRequest("http://app.example/api/auth/callback/credentials", {
      method: "POST",
      headers: { host: "app.example", "content-type": "application/x-www-form-urlencoded", "content-length": String(fields.length) },
      body: fields,
    });
    const converted = await toAuthRequest(post, undefined);
    expect(converted.headers.get("content-length")).toBeNull();
    expect(converted.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(await converted.text()).toBe(fields);
    const empty = await toAuthRequest(new NextRequest("http://app.example/api/auth/signout", { method: "POST", headers: { host: "app.example" } }), undefined);
    expect(empty.body).toBeNull();
    const emptyBody = await toAuthRequest(new NextRequest("http://app.example/api/auth/signout", { method: "POST", headers: { host: "app.example" }, body: "" }), undefined);
    expect(emptyBody.body).toBeNull();
  });

  test("a body of exactly 64 KiB is accepted by the handlers; one byte more is 413", async () => {
    const handlers = createHandlers(config);
    const post = (size: number) =>
      handlers.POST(new NextRequest("http://app.example/api/auth/callback/credentials", {
        method: "POST",
        headers: { host: "app.example", "content-type": "application/x-www-form-urlencoded" },
        body: `email=${"a".repeat(size - 6)}`,
      }));
    expect((await post(64 * 1024)).status).toBe(302);
    expect((await post(64 * 1024 + 1)).status).toBe(413);
  });

  test("a body over 64 KiB is answered 413", async () => {
    const handlers = createHandlers(config);
    const big = new NextRequest("http://app.example/api/auth/callback/credentials", {
      method: "POST",
      headers: { host: "app.example", "content-type": "application/x-www-form-urlencoded" },
      body: `email=${"a".repeat(200 * 1024)}`,
    });
    expect((await handlers.POST(big)).status).toBe(413);
  });
});

describe("the handlers", () => {
  test("a credentials round: csrf, callback, session, sign-out", async () => {
    const { GET, POST } = createHandlers(config);
    const jar = new Map<string, string>();
    const base = "http://app.example/api/auth";
    const headers = () => ({ host: "app.example", cookie: cookieHeader([], jar) });

    const csrf = await GET(new NextRequest(`${base}/csrf`, { headers: headers() }));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    cookieHeader(csrf.headers.getSetCookie(), jar);

    const form = (fields: Record<string, string>) => ({ method: "POST", headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
    const refused = await POST(new NextRequest(`${base}/callback/credentials`, form({ csrfToken, email: "ada@example.com", password: "wrong", callbackUrl: "/" })));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toContain("error=CredentialsSignin");

    const signedIn = await POST(new NextRequest(`${base}/callback/credentials`, form({ csrfToken, email: "ada@example.com", password: "correct horse", callbackUrl: "/dashboard" })));
    expect(signedIn.headers.get("location")).toBe("http://app.example/dashboard");
    cookieHeader(signedIn.headers.getSetCookie(), jar);
    expect(jar.has("authjs.session-token")).toBe(true);

    const session = await GET(new NextRequest(`${base}/session`, { headers: headers() }));
    expect(await session.json()).toMatchObject({ user: { name: "Ada", email: "ada@example.com" } });

    const out = await POST(new NextRequest(`${base}/signout`, form({ csrfToken, callbackUrl: "/" })));
    expect(out.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;") || /authjs\.session-token=;|authjs\.session-token=.*Max-Age=0/.test(c))).toBe(true);
  });

  test("a POST without the CSRF token is refused", async () => {
    const { POST } = createHandlers(config);
    const response = await POST(new NextRequest("http://app.example/api/auth/callback/credentials", {
      method: "POST",
      headers: { host: "app.example", "content-type": "application/x-www-form-urlencoded" },
      body: "email=ada%40example.com&password=correct+horse",
    }));
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
  });

  test("a lazy config receives the request", async () => {
    let seen: string | undefined;
    const { GET } = createHandlers((request) => {
      seen = request?.nextUrl.pathname;
      return config;
    });
    expect((await GET(new NextRequest("http://app.example/api/auth/providers", { headers: { host: "app.example" } }))).status).toBe(200);
    expect(seen).toBe("/api/auth/providers");
  });
});
