/**
 * A stand-in for SvelteKit's cookie jar is used here (SvelteKit creates its jar inside the request
 * handling and does not export it): an empty jar, as a client that keeps no cookies has. The
 * session read that `locals.auth()` runs reads a bearer session when the feature is on.
 */
import type { Cookies } from "@sveltejs/kit";
import Credentials from "@latch/core/providers/credentials";
import { BearerSessions } from "@latch/core/bearer";
import { encode } from "@latch/core/jwt";
import { describe, expect, it } from "vitest";
import { readSession } from "../src/session.js";
import type { PreparedConfig } from "../src/config.js";

const secret = "bearer-sessions-test-secret-0123456789abcdef";
const emptyJar = { getAll: () => [], set: () => {} } as unknown as Cookies;

const config = (bearer: boolean): PreparedConfig => ({
  secret,
  trustHost: true,
  basePath: "/auth",
  providers: [Credentials({ authorize: () => null })],
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
  session: bearer ? { bearer: BearerSessions() } : {},
});

describe("readSession with bearer sessions", () => {
  it("reads the bearer session when the feature is on, and not when it is off", async () => {
    const token = await encode({ token: { name: "Ada", email: "ada@example.com", sub: "1" }, secret, salt: "authjs.session-token" });
    expect((await readSession(emptyJar, "http://app.test", config(true), `Bearer ${token}`))?.user?.email).toBe("ada@example.com");
    expect(await readSession(emptyJar, "http://app.test", config(false), `Bearer ${token}`)).toBeNull();
    expect(await readSession(emptyJar, "http://app.test", config(true), null)).toBeNull();
  });
});
