/**
 * Generated hostile requests (the arbitraries of core's fuzzer: odd paths, absolute-form targets,
 * spoofed Host and X-Forwarded-*, garbage cookies, lying content types, form, JSON, garbage and
 * oversized bodies, some with a real CSRF pair or session) sent as raw HTTP/1.1 to the example's
 * build. Every answer must be free of 5xx (except the `Configuration` error page itself, a 500 by
 * design), stack traces, file paths and the secret. One fixed seed, so every run sends the same
 * requests (LATCH_FUZZ_SEED and LATCH_FUZZ_RUNS to explore further).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzRequest, type FuzzRequest, type Seeds } from "../../../packages/core/test/fuzz/arbitraries.js";
import { sendRaw } from "../../../packages/core/test/fuzz/raw-http.js";
import { freePort, startExample, type ExampleServer } from "./server.js";

const secret = "sveltekit-fuzz-secret-5e1f0c2b9a8d7e6f5a4b3c2d1e";
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.LATCH_FUZZ_RUNS ?? 250);
const seed = Number(process.env.LATCH_FUZZ_SEED ?? 20261124);
const stackTrace = /\n\s+at \S|\bat \S+ \(.*:\d+:\d+\)|node:internal|\/work\/|\/node_modules\/|\.ts:\d+:\d+|file:\/\//;

let server: ExampleServer;
let seeds: Seeds;

interface Answer {
  status: number;
  text: string;
}

/** One HTTP/1.1 exchange on a fresh connection, written byte for byte; null when it cannot be written. */
async function rawHttp(req: FuzzRequest): Promise<Answer | null> {
  const bytes = await sendRaw(port, req, 15_000);
  if (!bytes) return null;
  const text = bytes.toString("latin1");
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text };
}

function asksForConfigurationPage(req: FuzzRequest): boolean {
  try {
    const url = new URL(req.target, "http://localhost");
    return /^\/auth\/error\/?$/.test(url.pathname) && url.searchParams.getAll("error").includes("Configuration");
  } catch {
    return false;
  }
}

beforeAll(async () => {
  server = await startExample(port, { AUTH_SECRET: secret, AUTH_URL: origin });
  const csrf = await fetch(`${origin}/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!.split("=").slice(1).join("=");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "alice@example.com", password: "correct horse battery", callbackUrl: "/" }),
  });
  const sessionToken = signIn.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!.split(";")[0]!.split("=")[1]!;
  seeds = { csrfCookie, csrfToken, sessionToken };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("fuzzed requests to the SvelteKit build", () => {
  it(`${runs} requests: no 5xx, stack trace, file path or secret`, async () => {
    const findings: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fuzzRequest(seeds, origin), async (req) => {
        const answer = await rawHttp(req);
        if (!answer) return;
        sent += 1;
        const problems: string[] = [];
        if (answer.status >= 500 && !asksForConfigurationPage(req)) problems.push(`HTTP ${answer.status}`);
        if (answer.status === 0) problems.push("no HTTP answer");
        if (stackTrace.test(answer.text)) problems.push("stack trace or file path");
        if (answer.text.includes(secret)) problems.push("the secret");
        if (problems.length) findings.push(`${problems.join(", ")}: ${req.method} ${req.target.slice(0, 120)} → ${answer.text.slice(0, 200)}`);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    expect(sent).toBeGreaterThan(runs / 2);
    expect(findings).toEqual([]);
  }, 300_000);
});
