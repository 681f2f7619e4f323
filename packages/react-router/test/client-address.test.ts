/**
 * The client's address reaches Latch's rate limits through React Router's request context: a
 * Node server on a real socket puts `req.socket.remoteAddress` under `clientAddressContext` in a
 * `RouterContextProvider` (React Router's own, from the example's install), as server.js does,
 * and hands the web `Request` to the resource route's `action`. A forged `X-Forwarded-For` counts
 * only behind a proxy the config trusts.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { RateLimit } from "@latch/core/rate-limit";
import Credentials from "@latch/core/providers/credentials";
import { clientAddressContext, ReactRouterAuth } from "@latch/react-router";
import { forgedAddressAttempt, freePort } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const reactRouter = fileURLToPath(new URL("../../../apps/example-react-router/node_modules/react-router/dist/production/index.js", import.meta.url));
const missing = existsSync(reactRouter) ? undefined : "React Router is not installed for the example: run `npm ci --prefix apps/example-react-router`";

const credentials = Credentials({ credentials: { username: {}, password: {} }, authorize: () => null });
const config = (trustedProxies: string[]) => ({ secret: "react-router-address-secret-0123456789abcdef", trustHost: true, providers: [credentials], rateLimit: RateLimit({ routes: { credentials: { ip: 5, account: 0 } }, lockout: false, clientAddress: { trustedProxies } }) });

let server: Server | undefined;
let base = "";

describe.skipIf(!!missing)(`@latch/react-router's client address${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    const { RouterContextProvider } = (await import(pathToFileURL(reactRouter).href)) as { RouterContextProvider: new () => { set(key: object, value: unknown): void; get(key: object): unknown } };
    const direct = ReactRouterAuth({ ...config([]), basePath: "/direct/auth" });
    const proxied = ReactRouterAuth({ ...config(["127.0.0.1/32"]), basePath: "/proxied/auth" });
    const toRequest = async (req: IncomingMessage) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers(Object.entries(req.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : [])));
      return new Request(new URL(req.url ?? "/", `http://${req.headers.host}`), { method: req.method, headers, ...(req.method === "GET" ? {} : { body: Buffer.concat(chunks) }) });
    };
    server = createServer(async (req, res) => {
      const context = new RouterContextProvider();
      context.set(clientAddressContext, req.socket.remoteAddress);
      const auth = req.url?.startsWith("/proxied/") ? proxied : direct;
      const request = await toRequest(req);
      const response = await (req.method === "GET" ? auth.loader : auth.action)({ request, context });
      res.writeHead(response.status, [...response.headers].flatMap(([name, value]) => (name === "set-cookie" ? response.headers.getSetCookie().map((cookie) => [name, cookie]) : [[name, value]])) as never);
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

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
