/**
 * An app written for `@auth/solid-start` (the shapes of its documentation: `SolidAuthConfig`
 * exported from the catch-all route, `SolidAuth(authOpts)`'s `GET` and `POST`, `getSession(request,
 * authOpts)`, the client's `signIn`/`signOut` overloads) with its imports renamed to Latch's: the
 * root type check compiles it, and the handlers answer as Auth.js's would.
 */
import GitHub from "@latch/core/providers/github";
import { describe, expect, it } from "vitest";
import { signIn, signOut, type SignInResponse } from "../src/client.js";
import { AuthError, CredentialsSignin, customFetch, getSession, SolidAuth, type Session, type SolidAuthConfig } from "../src/index.js";

const authOpts: SolidAuthConfig = {
  secret: "solid-start-drop-in-secret-0123456789abcdefgh",
  trustHost: true,
  providers: [GitHub({ clientId: "github-id", clientSecret: "github-secret" })],
  debug: false,
};

export const { GET, POST } = SolidAuth(authOpts);

/** The client's calls as an Auth.js app makes them; only compiled, since they need a browser. */
export async function browserCalls(): Promise<SignInResponse> {
  await signIn("github");
  await signIn("github", { callbackUrl: "/dashboard" }, { prompt: "login" });
  await signOut({ callbackUrl: "/" });
  return signIn("credentials", { email: "ada@example.com", password: "x", redirect: false });
}

describe("an @auth/solid-start app with its imports renamed", () => {
  it("serves the providers at /api/auth, the default prefix, and reads no session without a cookie", async () => {
    // A server's request always names its Host; without AUTH_URL, Latch reads the origin from it.
    const host = { host: "localhost:3000" };
    const response = await GET({ request: new Request("http://localhost:3000/api/auth/providers", { headers: host }) });
    const providers = (await response.json()) as Record<string, { callbackUrl: string }>;
    expect(Object.keys(providers)).toEqual(["github"]);
    expect(providers.github?.callbackUrl).toBe("http://localhost:3000/api/auth/callback/github");
    const session: Session | null = await getSession(new Request("http://localhost:3000/", { headers: host }), authOpts);
    expect(session).toBeNull();
    expect(typeof POST).toBe("function");
  });

  it("exports Auth.js's errors and customFetch", () => {
    expect(new CredentialsSignin()).toBeInstanceOf(AuthError);
    expect(typeof customFetch).toBe("symbol");
  });
});
