/**
 * Fault injection on the real PostgreSQL: each sign-in step is run once cleanly to learn its
 * adapter calls, then once per call with that call failing (as a dropped connection would). After
 * every fault: the answer is the error page (never a 5xx, never the fault's text), no session
 * cookie, no session row, no orphan row, and a clean retry of the whole flow signs in.
 */
import type { TestBrowser } from "@latch/testing";
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { linkIn, startFlowApp, type FlowApp } from "./flows.js";

interface Step {
  name: string;
  /** Everything before the step (not faulted). Returns what the step needs. */
  prepare(app: FlowApp): Promise<() => Promise<{ browser: TestBrowser; response: Response }>>;
  /** A clean run of the whole flow after the fault: true when it signs in. */
  retry(app: FlowApp): Promise<boolean>;
}

const signedIn = (app: FlowApp, response: Response) => response.status === 302 && response.headers.get("location") === `${app.origin}/home`;

async function oidcRetry(app: FlowApp): Promise<boolean> {
  const { browser, callbackUrl } = await app.reachOidcCallback();
  return signedIn(app, await browser.fetch(callbackUrl));
}

async function emailRetry(app: FlowApp, email: string): Promise<boolean> {
  const { browser } = await app.requestLink(email);
  const link = await linkIn(app.smtp, email, app.base);
  return signedIn(app, await browser.fetch(link));
}

const steps: Step[] = [
  {
    name: "OIDC callback, first sign-in (new user and account)",
    async prepare(app) {
      const { browser, callbackUrl } = await app.reachOidcCallback();
      return async () => ({ browser, response: await browser.fetch(callbackUrl) });
    },
    retry: oidcRetry,
  },
  {
    name: "OIDC callback, returning user",
    async prepare(app) {
      expect(await oidcRetry(app)).toBe(true);
      const { browser, callbackUrl } = await app.reachOidcCallback();
      return async () => ({ browser, response: await browser.fetch(callbackUrl) });
    },
    retry: oidcRetry,
  },
  {
    name: "email, asking for a link",
    async prepare(app) {
      return () => app.requestLink("ada@example.com");
    },
    retry: (app) => emailRetry(app, "ada@example.com"),
  },
  {
    name: "email, opening the link (new user)",
    async prepare(app) {
      const { browser } = await app.requestLink("ada@example.com");
      const link = await linkIn(app.smtp, "ada@example.com", app.base);
      return async () => ({ browser, response: await browser.fetch(link) });
    },
    retry: (app) => emailRetry(app, "ada@example.com"),
  },
  {
    name: "email, opening the link (existing user whose address is not yet proven)",
    async prepare(app) {
      await app.pool.query(`INSERT INTO users (id, email, "emailVerified") VALUES ($1, 'bea@example.com', NULL)`, [crypto.randomUUID()]);
      await app.pool.query(
        `INSERT INTO accounts ("userId", type, provider, "providerAccountId") SELECT id, 'oidc', 'other', 'bea' FROM users WHERE email = 'bea@example.com'`,
      );
      const { browser } = await app.requestLink("bea@example.com");
      const link = await linkIn(app.smtp, "bea@example.com", app.base);
      return async () => ({ browser, response: await browser.fetch(link) });
    },
    retry: (app) => emailRetry(app, "bea@example.com"),
  },
  {
    name: "credentials with database sessions",
    async prepare(app) {
      return () => app.credentialsSignIn();
    },
    async retry(app) {
      return signedIn(app, (await app.credentialsSignIn()).response);
    },
  },
];

describe.runIf(await needService(services.postgres))("an adapter call that fails, at every point of every sign-in", { timeout: 180_000 }, () => {
  let app: FlowApp;
  const figures: string[] = [];
  beforeAll(async () => {
    app = await startFlowApp();
  });
  afterAll(async () => {
    if (figures.length) console.log(`fault points, all clean:\n  ${figures.join("\n  ")}`);
    await app?.close();
  });

  for (const step of steps) {
    test(step.name, async () => {
      // A clean run: it signs in (or sends the link), and says which calls the step makes.
      await app.clear();
      const clean = await step.prepare(app);
      app.probe.reset();
      const { response: ok } = await clean();
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).not.toMatch(/error=/);
      const calls = app.probe.calls.map((call) => call.method);
      expect(calls.length).toBeGreaterThan(0);

      for (let at = 0; at < calls.length; at++) {
        await app.clear();
        const run = await step.prepare(app);
        const before = await app.counts();
        app.probe.reset();
        app.probe.failWhen((call) => call.index === at);
        const { browser, response } = await run();
        app.probe.failWhen(null);
        const where = `${step.name}: fault in ${calls[at]} (call ${at + 1} of ${calls.length})`;
        expect(app.probe.faults, where).toHaveLength(1);

        const body = await response.text();
        expect(response.status, where).toBeLessThan(500);
        if (response.status === 302) expect(response.headers.get("location"), where).toMatch(new RegExp(`^${app.base}/(error|signin)\\?error=`));
        expect(body, where).not.toMatch(/injected fault|\bat \S+ \(|node:internal/);
        expect(browser.cookie(`${app.origin}/`, "authjs.session-token") ?? "", where).toBe("");
        const after = await app.counts();
        expect(after.sessions, where).toBe(before.sessions);
        expect(await app.orphans(), where).toEqual([]);
        // A failed link request leaves no token whose mail never left.
        if (step.name.startsWith("email, asking")) expect(after.tokens, where).toBe(app.smtp.messages.length);

        expect(await step.retry(app), `${where}: the retry signs in`).toBe(true);
        expect(await app.orphans(), where).toEqual([]);
      }
      figures.push(`${step.name}: ${calls.length} (${calls.join(", ")})`);
    });
  }
});
