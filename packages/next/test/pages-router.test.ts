/**
 * `auth(req, res)` and `auth(context)` of the Pages Router, with Node.js's own request and
 * response objects (what Next.js hands API routes and getServerSideProps).
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, test } from "vitest";
import Credentials from "@latch/core/providers/credentials";
import { encode } from "@latch/core/jwt";
import { MissingSecretError } from "@latch/core/errors";
import { createAuth } from "../src/auth.js";
import type { NextAuthConfig } from "../src/config.js";

const secret = "pages-router-test-secret-0123456789abcdef";

function exchange(cookie?: string): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  req.headers = { host: "app.test", ...(cookie ? { cookie } : {}) };
  return { req, res: new ServerResponse(req) };
}

async function sessionCookie(): Promise<string> {
  return `authjs.session-token=${await encode({ token: { name: "Ada", email: "ada@example.com", sub: "1" }, secret, salt: "authjs.session-token" })}`;
}

const config = (extra: Partial<NextAuthConfig> = {}): NextAuthConfig => ({
  secret,
  trustHost: true,
  providers: [Credentials({ authorize: () => null })],
  logger: { error: () => {}, warn: () => {} },
  ...extra,
});

describe("auth() in the Pages Router", () => {
  test("auth(req, res): null without a cookie, the session with one, and the renewed cookie on res", async () => {
    const auth = createAuth(config({ session: { updateAge: 0 } }));
    const signedOut = exchange();
    expect(await auth(signedOut.req, signedOut.res)).toBeNull();
    const signedIn = exchange(await sessionCookie());
    signedIn.res.setHeader("set-cookie", ["theme=dark; Path=/"]);
    const session = await auth(signedIn.req, signedIn.res);
    expect(session?.user?.name).toBe("Ada");
    const cookies = signedIn.res.getHeader("set-cookie") as string[];
    expect(cookies[0]).toBe("theme=dark; Path=/");
    expect(cookies.some((c) => c.startsWith("authjs.session-token=") && c.includes("HttpOnly"))).toBe(true);
  });

  test("auth(context) in getServerSideProps", async () => {
    const auth = createAuth(config());
    const context = exchange(await sessionCookie());
    expect((await auth(context))?.user?.email).toBe("ada@example.com");
  });

  test("a forged cookie gives null; no secret throws MissingSecretError", async () => {
    const auth = createAuth(config());
    const forged = exchange("authjs.session-token=not-a-token");
    expect(await auth(forged.req, forged.res)).toBeNull();
    const noSecret = createAuth({ providers: [], trustHost: true });
    const plain = exchange();
    await expect(noSecret(plain.req, plain.res)).rejects.toBeInstanceOf(MissingSecretError);
  });

  test("a lazy config is asked per call", async () => {
    let calls = 0;
    const auth = createAuth(() => {
      calls++;
      return config();
    });
    const one = exchange(await sessionCookie());
    expect((await auth(one.req, one.res))?.user?.name).toBe("Ada");
    expect(calls).toBe(1);
  });
});
