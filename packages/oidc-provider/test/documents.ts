/**
 * An HTTPS server on loopback that serves client metadata documents, with a certificate made
 * for the run by `openssl`, and the fetch that trusts it (given to the provider as
 * `clientMetadataDocuments.fetch`, which is how a test reaches loopback: the default dispatcher
 * refuses special-use addresses).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { freePort } from "@latch/testing";

/** The running document server. */
export interface DocumentServer {
  /** `https://127.0.0.1:<port>` */
  readonly origin: string;
  /** How many requests each path got. */
  readonly hits: Map<string, number>;
  /** A fetch that trusts the server's certificate. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the server; `answer` writes the response of each request. */
export async function documentServer(answer: (req: IncomingMessage, res: ServerResponse, origin: string) => void): Promise<DocumentServer> {
  const dir = mkdtempSync(join(tmpdir(), "latch-cimd-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], { stdio: "ignore" });
  const key = readFileSync(join(dir, "key.pem"));
  const cert = readFileSync(join(dir, "cert.pem"));
  rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  const origin = `https://127.0.0.1:${port}`;
  const hits = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    answer(req, res, origin);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin,
    hits,
    fetch: (url, init) =>
      new Promise<Response>((resolve, reject) => {
        const headers: Record<string, string> = {};
        new Headers(init.headers).forEach((value, name) => (headers[name] = value));
        const req = request(url, { method: init.method ?? "GET", headers, ca: cert, ...(init.signal && { signal: init.signal }) }, (res) => {
          const answered = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") answered.set(name, value);
          resolve(new Response(Readable.toWeb(res) as ReadableStream, { status: res.statusCode, headers: answered }));
        });
        req.on("error", reject);
        req.end();
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
