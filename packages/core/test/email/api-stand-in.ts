/**
 * A STAND-IN for the external email APIs (Resend, SendGrid, Postmark, Mailgun), not the services
 * themselves: a loopback HTTP server that records every request it receives (method, path,
 * headers, raw body) and answers with the status a test sets, so the HTTP-API providers can be
 * checked request by request without leaving the machine.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the stand-in received. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v3/mail/send`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ApiStandIn {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  /** The status and JSON body of the next answers (default 200 `{}`). */
  answerWith(status: number, body?: unknown): void;
  close(): Promise<void>;
}

export async function startApiStandIn(): Promise<ApiStandIn> {
  const requests: RecordedRequest[] = [];
  let answer = { status: 200, body: {} as unknown };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answerWith(status, body = {}) {
      answer = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
