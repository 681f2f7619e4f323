/**
 * `openTelemetryExporter()` with the real OpenTelemetry SDK (`@opentelemetry/sdk-trace-base`, its
 * `InMemorySpanExporter`): a credentials sign-in through `Auth()` becomes a span `latch.audit
 * signIn` with the event's attributes, a wrong password one with the error's type, inside an
 * active span an event on it; no attribute holds the password, the address or a cookie. Without
 * an SDK the exporter records nothing and throws nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { ROOT_CONTEXT, context, trace, type Context, type ContextManager } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Auth, type AuthConfig } from "@latch/core";
import { AuditTrail } from "@latch/core/audit";
import { openTelemetryExporter } from "@latch/core/audit/opentelemetry";
import Credentials from "@latch/core/providers/credentials";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { secret } from "../../../../test/client.js";

/** The active context kept across awaits, as an app's Node SDK keeps it (`@opentelemetry/context-async-hooks` does the same). */
class AsyncContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

const spans = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });

const config: AuthConfig = {
  secret,
  trustHost: true,
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
  providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: ({ username, password }) => (username === "ann" && password === "s3cret-pass" ? { id: "user-ann", name: "Ann" } : null) })],
  audit: AuditTrail({ store: false, network: "clear", clientAddress: { header: "x-client-ip" }, exporters: [openTelemetryExporter()] }),
};

/** Signs in through `Auth()` with `password`: the CSRF round trip, then the credentials POST. */
async function signIn(password: string): Promise<Response> {
  const csrf = await Auth(new Request("http://app.test/auth/csrf"), config);
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return Auth(new Request("http://app.test/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-client-ip": "192.0.2.44" },
    body: new URLSearchParams({ csrfToken, username: "ann", password }),
  }), config);
}

describe("the OpenTelemetry exporter", () => {
  test("without an SDK registered it records nothing and the sign-in goes on", async () => {
    expect((await signIn("s3cret-pass")).status).toBe(302);
    expect(spans.getFinishedSpans()).toEqual([]);
  });

  describe("with the SDK", () => {
    beforeAll(() => {
      context.setGlobalContextManager(new AsyncContextManager());
      trace.setGlobalTracerProvider(provider);
    });
    afterAll(async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
    });

    test("a sign-in and a wrong password each become a span with the event's attributes, and no secret", async () => {
      spans.reset();
      expect((await signIn("s3cret-pass")).status).toBe(302);
      expect((await signIn("wrong-pass")).status).toBe(302);
      const finished = spans.getFinishedSpans();
      expect(finished.map((span) => span.name)).toEqual(["latch.audit signIn", "latch.audit signIn"]);
      expect(finished[0]!.attributes).toMatchObject({
        "latch.audit.action": "signIn",
        "latch.audit.outcome": "success",
        "latch.audit.actor_user_id": "user-ann",
        "latch.audit.subject_user_id": "user-ann",
        "latch.audit.details.provider": "credentials",
        "latch.audit.network": "192.0.2.44",
      });
      expect(finished[1]!.attributes).toMatchObject({ "latch.audit.outcome": "failure", "latch.audit.details.error": "CredentialsSignin", "latch.audit.details.provider": "credentials" });
      const text = JSON.stringify(finished.map((span) => [span.attributes, span.events]));
      expect(text).not.toContain("s3cret-pass");
      expect(text).not.toContain("wrong-pass");
      expect(text).not.toMatch(/csrf|session-token/i);
    });

    test("inside an active span the event is added to it instead", async () => {
      spans.reset();
      const request = provider.getTracer("app").startSpan("POST /auth/callback/credentials");
      await context.with(trace.setSpan(context.active(), request), () => signIn("s3cret-pass"));
      request.end();
      const [only] = spans.getFinishedSpans();
      expect(only!.name).toBe("POST /auth/callback/credentials");
      expect(only!.events.map((event) => [event.name, event.attributes?.["latch.audit.action"], event.attributes?.["latch.audit.outcome"]])).toEqual([["latch.audit", "signIn", "success"]]);
    });
  });
});
