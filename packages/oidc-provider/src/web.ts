/**
 * The provider as a web handler, `(Request) => Promise<Response>`, for servers that hand route
 * handlers web requests on Node (a Next.js route handler on the Node runtime, SvelteKit on
 * adapter-node): the request becomes the Node request oidc-provider reads, and what it writes
 * becomes the `Response`. Mount it at `<basePath>/oauth2/[...path]`, and `discovery` at the origin's
 * `/.well-known/…` paths.
 *
 * @example
 * ```ts
 * import { OAuthProvider } from "@latch/oidc-provider"
 * import { webHandler } from "@latch/oidc-provider/web"
 * import { AccessTokens } from "@latch/core/access-tokens"
 *
 * const oauth = OAuthProvider({ auth: { providers: [], accessTokens: AccessTokens() }, issuer: "https://app.example" })
 * const { handle } = webHandler(oauth)
 * export const GET = handle
 * export const POST = handle
 * ```
 * @module @latch/oidc-provider/web
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { OAuthProviderServer } from "./index.js";

/** The largest request body the bridge reads (a registration, a token request): 1 MiB. */
const maxBody = 1 << 20;

type Writer = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => Promise<void>;

async function bridged(request: Request, address: string | undefined, path: string, run: Writer): Promise<Response> {
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(await request.arrayBuffer());
  if (body && body.byteLength > maxBody) return Response.json({ error: "invalid_request", error_description: "The request body is too large." }, { status: 413 });
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: address });
  Object.defineProperty(socket, "encrypted", { value: new URL(request.url).protocol === "https:" });
  const req = new IncomingMessage(socket) as IncomingMessage & { originalUrl?: string };
  const url = new URL(request.url);
  req.method = request.method;
  req.originalUrl = url.pathname + url.search;
  req.url = path + url.search;
  request.headers.forEach((value, name) => {
    req.headers[name] = value;
    req.rawHeaders.push(name, value);
  });
  req.headers.host = url.host;
  if (body) req.push(Buffer.from(body));
  req.push(null);

  const res = new ServerResponse(req);
  const chunks: Buffer[] = [];
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
  };
  // What oidc-provider, Koa and the interactions write is kept here instead of going to a socket.
  res.writeHead = ((status: number, reason?: unknown, headers?: unknown) => {
    res.statusCode = status;
    const given = (typeof reason === "object" ? reason : headers) as Record<string, string | string[]> | undefined;
    for (const [name, value] of Object.entries(given ?? {})) res.setHeader(name, value);
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    for (const fn of [encoding, callback]) if (typeof fn === "function") (fn as () => void)();
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    Object.defineProperty(res, "writableEnded", { value: true });
    for (const fn of [chunk, encoding, callback]) if (typeof fn === "function") (fn as () => void)();
    finish();
    return res;
  }) as typeof res.end;

  await Promise.race([run(req, res), finished]);
  await finished;
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  const status = res.statusCode;
  const payload = status === 204 || status === 304 || request.method === "HEAD" ? null : Buffer.concat(chunks);
  return new Response(payload, { status, headers });
}

/** The web handlers of a provider: `handle` for `<basePath>/oauth2/…`, `discovery` for the origin's `/.well-known/…`. */
export interface WebHandlers {
  /** Answers a request under the provider's mount path; `address` is the client's, as the server saw it. */
  handle(request: Request, address?: string): Promise<Response>;
  /** Answers `/.well-known/openid-configuration` and `/.well-known/oauth-authorization-server`. */
  discovery(request: Request, address?: string): Promise<Response>;
  /** Answers `/.well-known/oauth-protected-resource[/<path>]` for the resource at the rest of the path. */
  protectedResource(request: Request): Response;
}

/** The provider's web handlers (see the module's example). */
export function webHandler(server: OAuthProviderServer): WebHandlers {
  return {
    async handle(request, address) {
      const { pathname } = new URL(request.url);
      if (pathname !== server.mountPath && !pathname.startsWith(`${server.mountPath}/`)) return Response.json({ error: "not_found" }, { status: 404 });
      return bridged(request, address, pathname.slice(server.mountPath.length) || "/", (req, res) => server.handle(req, res));
    },
    discovery(request, address) {
      return bridged(request, address, "/.well-known/openid-configuration", (req, res) => server.discovery(req, res));
    },
    protectedResource(request) {
      const rest = new URL(request.url).pathname.replace(/^\/\.well-known\/oauth-protected-resource/, "");
      return Response.json(server.protectedResourceMetadata(`${server.issuer}${rest}`), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
    },
  };
}
