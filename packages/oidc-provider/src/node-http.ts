/**
 * What the provider's own pages (consent, logout, grants) do with Node's request and response:
 * read a small form, compare a secret in constant time, send a page under a strict CSP. Not an
 * entry point.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The most a page's form may hold, in bytes. */
const formLimit = 16_384;

/** Whether `a` and `b` are the same string, compared in constant time (for CSRF tokens). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The form of a POST: the body a framework parsed already, else read from the request.
 *
 * @throws {RangeError} The body is larger than 16 KiB (the caller answers 413).
 */
export async function formOf(req: IncomingMessage & { body?: unknown }): Promise<URLSearchParams> {
  if (req.body && typeof req.body === "object") return new URLSearchParams(req.body as Record<string, string>);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > formLimit) throw new RangeError("The form is too large.");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** Sends an HTML page: not stored, never framed, styles only under `nonce`, nothing else loaded but images. */
export function sendPage(res: ServerResponse, status: number, body: string, nonce?: string): void {
  const styles = nonce ? `'nonce-${nonce}'` : "'none'";
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": `default-src 'none'; style-src ${styles}; img-src https: data:; frame-ancestors 'none'; base-uri 'none'`,
  });
  res.end(body);
}
