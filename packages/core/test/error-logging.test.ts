/**
 * How `Auth()` logs what goes wrong: a refused request (a 4xx) is one `warn` line with its type
 * and no stack; a fault is logged under the error's own type, also when the error comes from a
 * second copy of `@latch/core` (as a bundler that loads the package twice gives it).
 */
import { describe, expect, test } from "vitest";
import { Auth, type AuthConfig } from "@latch/core";
import { baseConfig, origin, quietLogger } from "./client.js";


/** A credentials sign-in through `Auth()`: the CSRF token, then the callback with the right password. */
async function signInWithCredentials(config: AuthConfig): Promise<void> {
  const csrf = await Auth(new Request(`${origin}/auth/csrf`), config);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  await Auth(
    new Request(`${origin}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
    }),
    config,
  );
}
describe("error logging", () => {
  test("an endpoint that is off answers 400 UnknownAction and logs one warn line, no error and no stack", async () => {
    const { logs, logger } = quietLogger();
    const response = await Auth(new Request(`${origin}/auth/sessions`), baseConfig({ logger }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("UnknownAction");
    expect(logs.error).toEqual([]);
    expect(logs.warn).toHaveLength(1);
    const [code, message] = logs.warn[0]!;
    expect(code).toBe("UnknownAction");
    expect(message.every((part) => typeof part === "string")).toBe(true);
  });

  test("an error from another copy of the package is logged under its own type, not UnknownError", async () => {
    // `?copy` makes Vite load errors.ts as a second, separate module: its classes are not the ones
    // `Auth()` knows, as with a package loaded twice.
    const specifier: string = "../src/errors.ts?copy";
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof import("../src/errors.js");
    const { logs, logger } = quietLogger();
    const thrown = new copy.OAuthSignInError("The provider did not answer.");
    const config = baseConfig({
      logger,
      session: { strategy: "jwt" },
      callbacks: {
        jwt: () => {
          throw thrown;
        },
      },
    });
    // The sign-in runs the jwt callback, which throws the foreign error.
    await signInWithCredentials(config);
    const codes = logs.error.map(([code]) => code);
    expect(codes).not.toContain("UnknownError");
    expect(codes).toContain("OAuthSignInError");
  });

  test("a plain Error is logged under its name", async () => {
    const { logs, logger } = quietLogger();
    const config = baseConfig({ logger, callbacks: { jwt: () => { throw new RangeError("out of range"); } } });
    await signInWithCredentials(config);
    expect(logs.error.map(([code]) => code)).not.toContain("UnknownError");
  });
});
