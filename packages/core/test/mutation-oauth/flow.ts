/**
 * Shared pieces of the OAuth callback suites: a resolved configuration whose logger keeps every
 * line, the callback request as the flow sees it, the authorization step at a real provider, and
 * the error a refused callback throws. The flow functions are called directly so that each
 * refusal's class, message and `cause` can be read.
 */
import { expect } from "vitest";
import type { AuthConfig, Provider } from "@latch/core";
import { createBrowser } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { InternalOAuthProvider } from "../../src/config/providers.js";
import type { AuthRequest } from "../../src/http/request.js";
import { flowOf } from "../../src/flows/index.js";
import { plainObjectFlows } from "../../src/flows/lazy.js";
import type { VerifiedSignIn } from "../../src/signin/complete.js";
import type { ResponseInternal } from "../../src/types/response.js";

export const secret = "mutation-oauth-secret-0123456789abcdefghij";
/** Latch's own origin: nothing listens there, requests are handed to the flow directly. */
export const origin = "http://127.0.0.1:3999";
export const callbackUrl = `${origin}/done`;

/** One logger call. */
export interface LogLine {
  level: "error" | "warn" | "debug";
  code: string;
  args: unknown[];
}

/** A resolved configuration of `providers`, as `Auth` of `@latch/core` resolves it, with its log lines. */
export function latchFor(providers: Provider[], extra: Partial<AuthConfig> = {}) {
  const logs: LogLine[] = [];
  const keep = (level: LogLine["level"]) => (code: string, ...args: unknown[]) => void logs.push({ level, code, args });
  const config: AuthConfig = { secret, trustHost: true, debug: true, logger: { error: keep("error"), warn: keep("warn"), debug: keep("debug") }, providers, ...extra };
  const ctx = resolveConfig(config, new URL(origin), plainObjectFlows);
  const provider = (id: string) => ctx.providers.find((p) => p.id === id) as InternalOAuthProvider;
  return { ctx, logs, provider, config };
}

export type Latch = ReturnType<typeof latchFor>;

/** What reaches `/callback/<id>`: parameters in the query (GET) or the body (POST, form_post). */
export interface CallbackParts {
  params?: URLSearchParams | Record<string, unknown>;
  cookies?: Record<string, string>;
  method?: "GET" | "POST";
}

export function callbackRequest(providerId: string, parts: CallbackParts = {}): AuthRequest {
  const method = parts.method ?? "GET";
  const values = parts.params instanceof URLSearchParams ? Object.fromEntries(parts.params) : (parts.params ?? {});
  const url = new URL(`${origin}/auth/callback/${providerId}`);
  const query = method === "GET" ? (values as Record<string, string>) : {};
  const body = method === "POST" && parts.params !== undefined ? values : undefined;
  return { url, method, action: "callback", providerId, query, body, cookies: parts.cookies ?? {}, headers: new Headers(), jsonMode: false, request: new Request(url, { method }) };
}

/** Runs the callback step of `providerId`, in its flow: its factory's, or the one of plain objects. */
export async function callback(latch: Latch, providerId: string, parts: CallbackParts = {}): Promise<VerifiedSignIn | ResponseInternal> {
  const provider = latch.provider(providerId);
  const flow = (await flowOf(provider, latch.ctx.plainObjectFlows))!;
  return flow.complete({ ctx: latch.ctx, req: callbackRequest(providerId, parts), provider, callbackUrl });
}

/** The sign-in result of a callback that must succeed. */
export async function signedIn(latch: Latch, providerId: string, parts: CallbackParts = {}): Promise<VerifiedSignIn> {
  const result = await callback(latch, providerId, parts);
  if (!("user" in result)) throw new Error(`expected a sign-in, got ${JSON.stringify(result)}`);
  return result;
}

/** What a refused callback threw: its `type`, message and `cause`. */
export interface Refusal {
  type: string;
  message: string;
  cause: Record<string, unknown>;
}

export async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  return outcome.error as Refusal;
}

/**
 * Asserts a refusal exactly: its type and message, and the keys and values of its `cause`
 * (`err`, when expected, as any Error whose message contains `errText`).
 */
export function expectRefusal(error: Refusal, type: string, message: string, cause: Record<string, unknown>, errText?: string): void {
  expect({ type: error.type, message: error.message }).toEqual({ type, message });
  const { err, ...rest } = error.cause ?? {};
  const { err: expectedErr, ...expectedRest } = cause;
  expect(rest).toStrictEqual(expectedRest);
  expect(Object.keys(error.cause ?? {}).sort()).toEqual(Object.keys(cause).sort());
  if (expectedErr === undefined) expect(err).toBeUndefined();
  else {
    expect(err).toBeInstanceOf(Error);
    if (errText) expect((err as Error).message).toContain(errText);
  }
}

/** The authorization response of a real provider, and the check cookies Latch set when sending the user there. */
export interface Authorized {
  params: URLSearchParams;
  cookies: Record<string, string>;
}

/**
 * Latch's authorization request for `providerId`, followed through the provider (which signs the
 * user in and consents by itself) up to the redirect back to Latch's callback URL.
 */
export async function authorize(latch: Latch, providerId: string): Promise<Authorized> {
  const provider = latch.provider(providerId);
  const url = new URL(`${origin}/auth/signin/${providerId}`);
  const req: AuthRequest = { url, method: "POST", action: "signin", providerId, query: {}, body: {}, cookies: {}, headers: new Headers(), jsonMode: false, request: new Request(url, { method: "POST" }) };
  // The provider's own flow, as the router runs it (a plain object's matches its issuer exactly).
  const flow = (await flowOf(provider, latch.ctx.plainObjectFlows))!;
  const begin = (await flow.begin!({ ctx: latch.ctx, req, provider, callbackUrl })) as ResponseInternal;
  const { url: back } = await createBrowser().follow(begin.redirect!, undefined, { stopAt: (u) => u.pathname.includes("/callback/") });
  if (!back.pathname.endsWith(`/callback/${providerId}`)) throw new Error(`the provider did not send the user back: ${back.href}`);
  return { params: back.searchParams, cookies: Object.fromEntries((begin.cookies ?? []).map((c) => [c.name, c.value])) };
}

/** `params` with some set to other values, or deleted (`null`). */
export function changed(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const copy = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) copy.delete(key);
    else copy.set(key, value);
  }
  return copy;
}
