/**
 * The example's production build with the production default of rate limits: SvelteKit's
 * `event.getClientAddress()` (adapter-node: the socket's peer) is the client, so a forged
 * `X-Forwarded-For` cannot buy more attempts; past the limit the answer is 429 with Retry-After,
 * and the `signIn` form action lands on the sign-in page, which says what happened.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startExample, type ExampleServer } from "./server.js";

const secret = "example-rate-limit-secret-0123456789abcdef";
let server: ExampleServer;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // AUTH_RATE_LIMIT unset: NODE_ENV=production turns the default limits on.
  server = await startExample(port, { AUTH_SECRET: secret, AUTH_URL: origin, AUTH_RATE_LIMIT: "" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function attempt(email: string, headers: Record<string, string> = {}): Promise<Response> {
  const csrf = await fetch(`${origin}/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    // SvelteKit refuses a form POST from another origin (403) before Latch sees it.
    headers: { origin, "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ csrfToken, email, password: "guess", callbackUrl: origin }),
  });
}

describe("rate limits in the production build", () => {
  it("the default credentials limit (10 per address per minute) holds whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(`visitor${i}@example.com`, { "x-forwarded-for": `198.51.100.${i}` })).status);
    expect(statuses).toEqual(new Array(10).fill(302));
    const refused = await attempt("visitor10@example.com", { "x-forwarded-for": "198.51.100.77", "x-auth-return-redirect": "1" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ url: `${origin}/auth/signin?error=RateLimited` });
  }, 60_000);

  it("the signIn form action lands on the sign-in page, which shows the message", async () => {
    const response = await fetch(`${origin}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ providerId: "credentials", redirectTo: "/", email: "alice@example.com", password: "correct horse battery" }),
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!, origin);
    expect(location.searchParams.get("error")).toBe("RateLimited");
    const page = await (await fetch(location)).text();
    expect(page).toContain("Too many attempts");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
  }, 60_000);
});
