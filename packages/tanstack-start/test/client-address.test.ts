/**
 * The client's address reaches Latch's rate limits from the socket: srvx, the Node server Nitro
 * runs a built TanStack Start app on (from the example's install), listens on a real socket and
 * hands the server route's handlers its `Request`, which keeps the socket. A forged
 * `X-Forwarded-For` counts only behind a proxy Latch's config trusts, even when srvx's own
 * `trustProxy` is on.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { RateLimit } from "@latch/core/rate-limit";
import Credentials from "@latch/core/providers/credentials";
import { clientAddressOf, TanStackStartAuth } from "@latch/tanstack-start";
import { forgedAddressAttempt, freePort } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const srvx = fileURLToPath(new URL("../../../apps/example-tanstack-start/node_modules/srvx/dist/adapters/node.mjs", import.meta.url));
const missing = existsSync(srvx) ? undefined : "TanStack Start is not installed for the example: run `npm ci --prefix apps/example-tanstack-start`";

const credentials = Credentials({ credentials: { username: {}, password: {} }, authorize: () => null });
const config = (trustedProxies: string[]) => ({ secret: "tanstack-start-address-secret-0123456789abcdef", trustHost: true, providers: [credentials], rateLimit: RateLimit({ routes: { credentials: { ip: 5, account: 0 } }, lockout: false, clientAddress: { trustedProxies } }) });

interface SrvxServer {
  ready(): Promise<unknown>;
  close(force?: boolean): Promise<void>;
}

let server: SrvxServer | undefined;
let base = "";
const seen: (string | undefined)[] = [];

describe.skipIf(!!missing)(`@latch/tanstack-start's client address${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    const { serve } = (await import(pathToFileURL(srvx).href)) as { serve(options: object): SrvxServer };
    const direct = TanStackStartAuth({ ...config([]), basePath: "/direct/auth" });
    const proxied = TanStackStartAuth({ ...config(["127.0.0.1/32"]), basePath: "/proxied/auth" });
    const probe = TanStackStartAuth({ ...config([]), basePath: "/probe/auth" });
    const port = await freePort();
    server = serve({
      port,
      hostname: "127.0.0.1",
      silent: true,
      // srvx's own proxy trust, which Latch does not read.
      trustProxy: true,
      fetch(request: Request) {
        seen.push(clientAddressOf(request));
        const path = new URL(request.url).pathname;
        const { handlers } = path.startsWith("/proxied/") ? proxied : path.startsWith("/probe/") ? probe : direct;
        return (request.method === "GET" ? handlers.GET : handlers.POST)({ request });
      },
    });
    await server.ready();
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server?.close(true));

  it("the address is the socket's peer, whatever X-Forwarded-For says", async () => {
    await forgedAddressAttempt(`${base}/probe/auth`, 0, "198.51.100.7");
    expect(seen.at(-1)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

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

  it("a request another server made has no address", () => {
    expect(clientAddressOf(new Request("http://127.0.0.1/", { headers: { "x-forwarded-for": "198.51.100.1" } }))).toBeUndefined();
  });
});
