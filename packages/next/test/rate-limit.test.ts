/**
 * Rate limits through the Next.js Route Handlers, which get no socket address: the client's
 * address comes only from the header the app declares (its platform or proxy); without a
 * declaration the limits count by account (routes without one: by signed-in user, see
 * core's mail-limits.test.ts), and the integration says so once at start.
 */
import { describe, expect, test } from "vitest";
import { NextRequest } from "next/server";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit, type RateLimitOptions } from "@latch/core/rate-limit";
import { createHandlers } from "../src/handlers.js";
import type { NextAuthConfig } from "../src/config.js";

const secret = "next-rate-limit-secret-0123456789abcdefghij";
const base = "http://app.example/api/auth";

function setup(options: RateLimitOptions) {
  const warnings: string[] = [];
  const calls = { count: 0 };
  const config: NextAuthConfig = {
    secret,
    trustHost: true,
    logger: { error: () => {}, warn: (code) => void warnings.push(code) },
    rateLimit: RateLimit({ routes: { credentials: { ip: 3, account: 4 } }, lockout: false, ...options }),
    providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => (calls.count++, null) })],
  };
  const { GET, POST } = createHandlers(config);
  let csrf: { token: string; cookie: string } | undefined;
  const attempt = async (email: string, headers: Record<string, string>) => {
    if (!csrf) {
      const response = await GET(new NextRequest(`${base}/csrf`, { headers: { host: "app.example" } }));
      csrf = { token: ((await response.json()) as { csrfToken: string }).csrfToken, cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
    }
    const response = await POST(new NextRequest(`${base}/callback/credentials`, {
      method: "POST",
      headers: { host: "app.example", cookie: csrf.cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ csrfToken: csrf.token, email, password: "guess", callbackUrl: "/" }).toString(),
    }));
    return response.status;
  };
  return { attempt, calls, warnings };
}

describe("Next.js: the client's address from a declared platform header", () => {
  test("the platform's header keys the limit; a forged X-Forwarded-For does not", async () => {
    const { attempt, calls, warnings } = setup({ clientAddress: { platform: "vercel" } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await attempt(`user${i}@example.com`, { "x-real-ip": "203.0.113.5", "x-forwarded-for": `198.51.100.${i}` }));
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429, 429, 429]);
    expect(calls.count).toBe(3);
    // Another client, by the platform's word, has its own budget.
    expect(await attempt("other@example.com", { "x-real-ip": "203.0.113.6" })).toBe(302);
    expect(warnings).not.toContain("rate-limit-no-client-address");
  });
});

describe("Next.js without a declared source", () => {
  test("counts by account only, and warns once at start", async () => {
    const first = setup({});
    const second = setup({});
    // Headers are not believed: every attempt for new accounts passes, whatever the addresses.
    for (let i = 0; i < 10; i++) expect(await first.attempt(`user${i}@example.com`, { "x-real-ip": "203.0.113.5", "x-forwarded-for": "203.0.113.5" })).toBe(302);
    expect(first.calls.count).toBe(10);
    // One account is limited (4 per window), from any address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await second.attempt("Target@Example.com", { "x-real-ip": `192.0.2.${i}` }));
    expect(statuses).toEqual([302, 302, 302, 302, 429, 429]);
    expect([...first.warnings, ...second.warnings].filter((c) => c === "rate-limit-no-client-address")).toHaveLength(1);
  });
});
