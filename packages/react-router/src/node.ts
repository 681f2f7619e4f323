/**
 * For the Node server in front of a React Router app (Express with `@react-router/express`, or
 * `node:http`): a guard that answers, before the request is converted to a web `Request`, what
 * that conversion would turn into a 500 or a wrong URL.
 *
 * @example
 * ```js
 * // server.js
 * import { refuseMalformedRequests } from "@latch/react-router/node"
 * app.use(refuseMalformedRequests)
 * ```
 * @module @latch/react-router/node
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Methods the Fetch standard forbids in a `Request`. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

function refuse(res: ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ error: "InvalidRequest", message }));
}

/** Whether `host` is a host name or address with an optional port, as a URL takes it. */
function validHost(host: string): boolean {
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() || url.host === host.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}

/**
 * A connect-style middleware (Express's `app.use`) answering a 4xx JSON `InvalidRequest` to a
 * request the conversion to a web `Request` cannot take faithfully: a method the Fetch standard
 * forbids (405: `TRACE`, `TRACK`, `CONNECT`), a request line in absolute form (`GET http://…`, 400:
 * Express would put the whole URL in the path) and a `Host` that is not a host (400: Express's
 * `req.hostname` makes no URL of it). Every other request goes on to `next()`.
 */
export function refuseMalformedRequests(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
  const method = (req.method ?? "GET").toUpperCase();
  if (forbiddenMethods.has(method)) return refuse(res, 405, `Method ${method} is not supported.`);
  if (!(req.url ?? "/").startsWith("/")) return refuse(res, 400, "The request target must be a path.");
  const host = req.headers.host;
  if (host !== undefined && !validHost(host)) return refuse(res, 400, "The Host header is not a host.");
  next();
}
