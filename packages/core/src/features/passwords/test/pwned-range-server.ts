/**
 * A stand-in for the Have I Been Pwned "Pwned Passwords" range API (https://api.pwnedpasswords.com/range/),
 * which cannot be reached from the test machines. It speaks the same wire: `GET /range/<5 hex>`
 * answers `SUFFIX:COUNT` lines (CRLF) for every known hash under that prefix, and with the request
 * header `Add-Padding: true` adds padding lines whose count is 0. It serves on 127.0.0.1 and records
 * the paths and padding headers it received; `mode` turns it into a failing or slow service.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** How the stand-in answers: normally, with an HTTP 503, or only after `slowMs`. */
export type RangeMode = "normal" | "unavailable" | "slow";

export interface PwnedRangeServer {
  /** The range endpoint, ending in `/range/`. */
  endpoint: string;
  /** The paths requested, in order. */
  paths: string[];
  /** The `Add-Padding` header of each request (`undefined` when absent). */
  padding: (string | undefined)[];
  /** Changes how the next requests are answered. */
  setMode(mode: RangeMode): void;
  close(): Promise<void>;
}

/** The uppercase hex SHA-1 of a password's UTF-8 bytes. */
export const sha1 = (password: string): string => createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();

/**
 * Starts the stand-in. `breached` maps passwords to their breach counts; `padded` lists passwords
 * whose suffix appears as a padding line (count 0) whenever padding is asked for, as the real
 * service may do by chance.
 */
export async function startPwnedRangeServer(breached: Record<string, number>, padded: string[] = [], slowMs = 2000): Promise<PwnedRangeServer> {
  const known = Object.entries(breached).map(([password, count]) => ({ hash: sha1(password), count }));
  const paddingHashes = padded.map(sha1);
  const paths: string[] = [];
  const padding: (string | undefined)[] = [];
  let mode: RangeMode = "normal";
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? "");
    const pad = req.headers["add-padding"];
    padding.push(typeof pad === "string" ? pad : undefined);
    const match = /^\/range\/([0-9A-F]{5})$/i.exec(req.url ?? "");
    if (!match) return void res.writeHead(400).end("The hash prefix was not in a valid format");
    if (mode === "unavailable") return void res.writeHead(503).end();
    const prefix = match[1]!.toUpperCase();
    const lines = known.filter(({ hash }) => hash.startsWith(prefix)).map(({ hash, count }) => `${hash.slice(5)}:${count}`);
    if (pad === "true") {
      for (const hash of paddingHashes) if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:0`);
      for (let i = 0; i < 20; i++) lines.push(`${randomBytes(18).toString("hex").slice(0, 35).toUpperCase()}:0`);
    }
    const answer = () => res.writeHead(200, { "Content-Type": "text/plain" }).end(lines.join("\r\n"));
    if (mode === "slow") {
      const timer = setTimeout(() => (timers.delete(timer), answer()), slowMs);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/range/`,
    paths,
    padding,
    setMode: (next) => void (mode = next),
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
