/**
 * The fuzzers' sender: a generated request written byte for byte as HTTP/1.1 on a fresh
 * connection, so that what no HTTP client would send (odd targets, spoofed Host, lying
 * content types) reaches the server as generated.
 */
import { connect } from "node:net";
import type { FuzzRequest } from "./arbitraries.js";

/**
 * Sends `req` to 127.0.0.1:`port` and gives the answer's bytes once the server closes the
 * connection; null when the request cannot be written (a header with a line break, NUL or a
 * character beyond Latin-1). Rejects when no answer is complete within `timeoutMs`.
 */
export function sendRaw(port: number, req: FuzzRequest, timeoutMs: number): Promise<Buffer | null> {
  const headers = [...req.headers];
  if (!headers.some(([n]) => n.toLowerCase() === "host")) headers.unshift(["host", `127.0.0.1:${port}`]);
  if (req.cookies.length) headers.push(["cookie", req.cookies.map(([n, v]) => `${n}=${v}`).join("; ")]);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  if (body) headers.push(["content-length", String(body.byteLength)]);
  headers.push(["connection", "close"]);
  const lines = [`${req.method} ${req.target} HTTP/1.1`, ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (lines.some((line) => /[\r\n\u0000]/.test(line) || /[^\u0000-\u00ff]/.test(line))) return Promise.resolve(null);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");

  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs / 1000} s to ${req.method} ${req.target}`));
    }, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.write(body ? Buffer.concat([head, body]) : head);
  });
}
