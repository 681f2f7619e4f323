/**
 * `requireSession` throws what TanStack Router takes for its own redirect (checked with the
 * router's `isRedirect`, from the example's install): a full page load of the sign-in page with
 * the way back. The way back is a path of this site, never another origin.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import Credentials from "@latch/core/providers/credentials";
import { TanStackStartAuth } from "@latch/tanstack-start";
import { describe, expect, it } from "vitest";

const routerCore = fileURLToPath(new URL("../../../apps/example-tanstack-start/node_modules/@tanstack/router-core/dist/esm/redirect.js", import.meta.url));
const missing = existsSync(routerCore) ? undefined : "TanStack Start is not installed for the example: run `npm ci --prefix apps/example-tanstack-start`";

const auth = TanStackStartAuth({ secret: "tanstack-start-guard-secret-0123456789abcdef", trustHost: true, basePath: "/auth", providers: [Credentials({ credentials: {}, authorize: () => null })] });

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe.skipIf(!!missing)(`requireSession${missing ? ` (skipped: ${missing})` : ""}`, () => {
  it("without a session, throws TanStack Router's redirect to the sign-in page with the way back", async () => {
    const { isRedirect } = (await import(pathToFileURL(routerCore).href)) as { isRedirect(value: unknown): boolean };
    const redirect = (await thrown(auth.requireSession(new Request("http://127.0.0.1/dashboard?tab=1")))) as Response & { options: { href: string; reloadDocument: boolean } };
    expect(isRedirect(redirect)).toBe(true);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard?tab=1" })}`);
    expect(redirect.options).toMatchObject({ href: redirect.headers.get("location"), reloadDocument: true });
  });

  it("from a server function, the way back is the page's path it was given; another origin is not taken", async () => {
    const serverFn = new Request("http://127.0.0.1/_serverFn/abc");
    const back = (await thrown(auth.requireSession(serverFn, "/dashboard"))) as Response;
    expect(back.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`);
    for (const from of ["//evil.example/x", "/\\evil.example/x", "https://evil.example/", ""]) {
      const refused = (await thrown(auth.requireSession(serverFn, from))) as Response;
      expect(refused.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/_serverFn/abc" })}`);
    }
  });
});
