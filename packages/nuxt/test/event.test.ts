/**
 * The conversion of an h3 event on a real socket, served by h3's own Node listener as Nitro's
 * node server serves it: the client's address is the socket's peer (a forged X-Forwarded-For
 * counts only behind a proxy the config trusts), the origin is never taken from X-Forwarded-Proto,
 * an absolute-form request line or a malformed Host, and the shared request-conversion attacks
 * (without AUTH_URL) leak nothing.
 */
import { createServer, type Server } from "node:http";
import { RateLimit } from "@latch/core/rate-limit";
import Credentials from "@latch/core/providers/credentials";
import { forgedAddressAttempt, freePort, requestConversionAttacks, sendAttack } from "@latch/testing";
import { createApp, defineEventHandler, readRawBody, toNodeListener } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleEvent } from "../src/runtime/server/event.js";
import { prepareConfig } from "../src/runtime/server/settings.js";

const credentials = Credentials({
  credentials: { username: {}, password: {} },
  authorize: ({ username, password }) => (password === "right" ? { id: String(username), name: String(username) } : null),
});
const limited = (basePath: string, trustedProxies: string[]) =>
  prepareConfig(
    { secret: "nuxt-event-secret-0123456789abcdefghijkl", providers: [credentials], rateLimit: RateLimit({ routes: { credentials: { ip: 5, account: 0 } }, lockout: false, clientAddress: { trustedProxies } }) },
    { public: { latch: { basePath } } },
    {},
  );

let server: Server | undefined;
let port = 0;
let base = "";

beforeAll(async () => {
  const direct = limited("/direct/auth", []);
  const proxied = limited("/proxied/auth", ["127.0.0.1/32"]);
  const readFirst = limited("/read-first/auth", []);
  const app = createApp();
  // An app's own middleware that reads the body before Latch's route (h3 keeps what it read).
  app.use("/read-first", defineEventHandler(async (event) => void (event.method === "POST" ? await readRawBody(event) : undefined)));
  app.use(defineEventHandler((event) => {
    const url = event.node.req.url ?? "";
    return handleEvent(event, url.includes("/proxied/") ? proxied : url.includes("/read-first/") ? readFirst : direct);
  }));
  server = createServer(toNodeListener(app));
  port = await freePort();
  await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe("the client's address", () => {
  it("a forged X-Forwarded-For does not make a new client: 429 after the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await forgedAddressAttempt(`${base}/direct/auth`, i, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
  });

  it("behind a proxy the config trusts, the forwarded address is the client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await forgedAddressAttempt(`${base}/proxied/auth`, i, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 302, 302]);
  });
});

it("a body an earlier handler read still reaches Latch", async () => {
  const response = await forgedAddressAttempt(`${base}/read-first/auth`, 0, "198.51.100.1");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toContain("error=CredentialsSignin");
});

describe("the origin, without AUTH_URL", () => {
  it("is the socket's scheme and the Host: X-Forwarded-Proto: https is not believed", async () => {
    const providers = (await (await fetch(`${base}/direct/auth/providers`, { headers: { "x-forwarded-proto": "https" } })).json()) as Record<string, { callbackUrl: string }>;
    expect(providers["credentials"]?.callbackUrl).toBe(`${base}/direct/auth/callback/credentials`);
  });

  it("the request-conversion attacks on the socket", async () => {
    const host = `127.0.0.1:${port}`;
    const attacks = requestConversionAttacks({ basePath: "/direct/auth", host, origin: base, siteUrlSet: false, credentials: { username: "ada", password: "right" } });
    for (const attack of attacks) {
      try {
        attack.check(await sendAttack(attack, { host: "127.0.0.1", port }));
      } catch (error) {
        throw new Error(`${attack.name}: ${(error as Error).message}`);
      }
    }
  });
});

describe("the config", () => {
  const runtime = (latch: { secret?: string; url?: string }) => ({ latch, public: { latch: { basePath: "/auth" } } });

  it("takes the base path of the module's options and AUTH_SECRET and AUTH_URL from the environment", () => {
    const ready = prepareConfig({ providers: [] }, runtime({ secret: "", url: "" }), { AUTH_SECRET: "from-the-env-0123456789abcdefghijklmn", AUTH_URL: "https://app.example" });
    expect(ready).toMatchObject({ basePath: "/auth", secret: "from-the-env-0123456789abcdefghijklmn", siteUrl: "https://app.example" });
  });

  it("takes runtimeConfig.latch (NUXT_LATCH_SECRET, NUXT_LATCH_URL) before the AUTH_ variables, and the config before both", () => {
    const fromRuntime = prepareConfig({ providers: [] }, runtime({ secret: "from-runtime-config-0123456789abcdefgh", url: "https://runtime.example" }), { AUTH_SECRET: "from-the-env-0123456789abcdefghijklmn", AUTH_URL: "https://env.example" });
    expect(fromRuntime).toMatchObject({ secret: "from-runtime-config-0123456789abcdefgh", siteUrl: "https://runtime.example" });
    const own = { providers: [], secret: "from-the-config-0123456789abcdefghijkl" };
    expect(prepareConfig(own, runtime({ secret: "from-runtime-config-0123456789abcdefgh" }), {}).secret).toBe(own.secret);
    expect(own).not.toHaveProperty("basePath");
  });
});
