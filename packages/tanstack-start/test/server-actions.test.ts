/**
 * Server-side `signIn` and `signOut`, as the app's own server functions call them with the
 * request of its form: from the site itself they sign in and out; posted from another site they
 * are refused by Latch itself (the example's server functions also sit behind TanStack Start's own
 * CSRF middleware, which would hide a missing check here).
 */
import Credentials from "@latch/core/providers/credentials";
import { TanStackStartAuth } from "@latch/tanstack-start";
import { describe, expect, it } from "vitest";

const origin = "http://127.0.0.1:3000";
const auth = TanStackStartAuth({
  secret: "tanstack-start-actions-secret-0123456789abcdef",
  siteUrl: origin,
  basePath: "/auth",
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: ({ email, password }) => (email === "ada@example.com" && password === "correct horse" ? { id: "1", name: "Ada", email: "ada@example.com" } : null),
    }),
  ],
});

const sameSite = { origin, "sec-fetch-site": "same-origin" };
const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
const formPost = (headers: Record<string, string>, cookie = "") => new Request(`${origin}/_serverFn/form`, { method: "POST", headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" }, body: "" });
const sessionCookie = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!).find((cookie) => /session-token=./.test(cookie));
const clearsSession = (response: Response) => response.headers.getSetCookie().some((cookie) => /session-token=;/.test(cookie) || /session-token=.*Max-Age=0/i.test(cookie));

describe("server-side signIn and signOut", () => {
  it("sign in with credentials from the site's own form, then out; the session of the request follows", async () => {
    const signedIn = await auth.signIn(formPost(sameSite), "credentials", { email: "ada@example.com", password: "correct horse", redirectTo: "/dashboard" });
    expect(signedIn.headers.get("location")).toBe(`${origin}/dashboard`);
    const cookie = sessionCookie(signedIn);
    expect(cookie).toBeDefined();
    expect((await auth.getSession(new Request(`${origin}/`, { headers: { cookie: cookie! } })))?.user?.name).toBe("Ada");

    const signedOut = await auth.signOut(formPost(sameSite, cookie), { redirectTo: "/" });
    expect(signedOut.headers.get("location")).toBe(`${origin}/`);
    expect(clearsSession(signedOut)).toBe(true);
  });

  it("a sign-in posted from another site starts no session", async () => {
    const response = await auth.signIn(formPost(crossSite), "credentials", { email: "ada@example.com", password: "correct horse", redirectTo: "/dashboard" });
    expect(response.status).toBeLessThan(500);
    expect(sessionCookie(response)).toBeUndefined();
    expect(response.headers.get("location") ?? "").not.toBe(`${origin}/dashboard`);
  });

  it("a sign-out posted from another site leaves the session and its cookie alone", async () => {
    const cookie = sessionCookie(await auth.signIn(formPost(sameSite), "credentials", { email: "ada@example.com", password: "correct horse" }))!;
    const response = await auth.signOut(formPost(crossSite, cookie), { redirectTo: "/" });
    expect(response.status).toBeLessThan(500);
    expect(clearsSession(response)).toBe(false);
    expect(response.headers.get("location") ?? "").not.toBe(`${origin}/`);
  });

  it("a wrong password signs nobody in", async () => {
    const response = await auth.signIn(formPost(sameSite), "credentials", { email: "ada@example.com", password: "wrong", redirectTo: "/dashboard" });
    expect(sessionCookie(response)).toBeUndefined();
    expect(response.headers.get("location")).toContain("error=CredentialsSignin");
  });
});
