/** The credentials flow's verification step, called directly with a context resolved from a real config. */
import { describe, expect, test } from "vitest";
import Credentials from "@latch/core/providers/credentials";
import { CredentialsSignin, type AuthConfig } from "@latch/core";
import { resolveConfig } from "../../src/config/resolve.js";
import { credentialsFlow } from "../../src/flows/credentials.js";
import type { AuthRequest } from "../../src/http/request.js";

class Locked extends CredentialsSignin {
  override code = "locked";
}

const url = new URL("http://localhost:3000/auth/callback/credentials");

function run(authorize: Parameters<typeof Credentials>[0]["authorize"], body?: Record<string, unknown>) {
  const config: AuthConfig = { secret: "credentials-flow-secret-0123456789abcd", trustHost: true, providers: [Credentials({ authorize })] };
  const ctx = resolveConfig(config, url);
  const request = new Request(url, { method: "POST" });
  const req: AuthRequest = { url, method: "POST", action: "callback", providerId: "credentials", query: {}, body, cookies: {}, headers: new Headers(), jsonMode: false, request };
  return { request, result: credentialsFlow.complete({ ctx, req, provider: ctx.providers.find((p) => p.id === "credentials")!, callbackUrl: "http://localhost:3000/home" }) };
}

describe("credentials flow", () => {
  test("authorize gets the fields without the CSRF token, and the request", async () => {
    const seen: unknown[] = [];
    const { request, result } = run((fields, r) => (seen.push(fields, r), { id: "u1", name: "Ada" }), { csrfToken: "t", username: "ada", password: "pw" });
    const verified = await result;
    expect(seen).toEqual([{ username: "ada", password: "pw" }, request]);
    expect(verified).toMatchObject({
      user: { id: "u1", name: "Ada" },
      account: { providerAccountId: "u1", type: "credentials", provider: "credentials" },
      credentials: { username: "ada", password: "pw" },
      authorized: { id: "u1", name: "Ada" },
      callbackUrl: "http://localhost:3000/home",
    });
    expect(verified).toHaveProperty("provider.id", "credentials");
    expect(credentialsFlow.callbackNeedsCsrf).toBe(true);
  });

  test("no body: authorize gets no fields", async () => {
    const seen: unknown[] = [];
    await run((fields) => (seen.push(fields), { id: "u1" })).result;
    expect(seen).toEqual([{}]);
  });

  test("an id is made a string; a user without one gets a random id; what authorize returned is kept as returned", async () => {
    const numbered = await run(() => ({ id: 7 as never, name: "N" })).result;
    expect(numbered).toMatchObject({ user: { id: "7" }, account: { providerAccountId: "7" }, authorized: { id: 7 } });
    const nullId = await run(() => ({ id: null as never, name: "Z" })).result;
    expect((nullId as { user: { id: string } }).user.id).toMatch(/^[0-9a-f-]{36}$/);
    const anonymous = await run(() => ({ name: "Anon" })).result;
    const id = (anonymous as { user: { id: string } }).user.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(anonymous).toMatchObject({ account: { providerAccountId: id } });
    expect((anonymous as { authorized: object }).authorized).toEqual({ name: "Anon" });
    const zero = await run(() => ({ id: 0 as never })).result;
    expect(zero).toMatchObject({ user: { id: "0" } });
  });

  test("no user is CredentialsSignin", async () => {
    await expect(run(() => null).result).rejects.toMatchObject({ type: "CredentialsSignin", code: "credentials" });
  });

  test("CredentialsSignin thrown by authorize comes out as it was, with its code", async () => {
    const error = new Locked();
    await expect(run(() => { throw error; }).result).rejects.toBe(error);
  });

  test("any other throw is a server fault naming the provider", async () => {
    const fault = new Error("database down");
    const caught = await run(() => { throw fault; }).result.catch((e: unknown) => e);
    expect(caught).toMatchObject({ type: "CallbackRouteError", cause: { err: fault, provider: "credentials" } });
    expect((caught as Error).message).toMatch(/authorize threw/);
  });
});
