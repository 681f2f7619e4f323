/**
 * What the second-factor tests share: TOTP codes computed here from RFC 6238 with `node:crypto`
 * (independently of Latch's implementation), and enrolment of an authenticator app through the
 * real endpoints by a signed-in `Client`; the stores of a file (`@latch/pg` on PGlite, SMTP) and the
 * stand-in password check their configurations sign in with.
 */
import { createHmac } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { Adapter } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { PostgresAdapter, migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll } from "vitest";
import type { Client } from "./client.js";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 30-second step of now. */
export function stepNow(): number {
  return Math.floor(Date.now() / 30_000);
}

/**
 * Waits, when fewer than `marginMs` are left of the current 30-second step, for the next one to
 * begin: a code computed for a step before the boundary and checked after it is one step older than
 * meant, which turns "the previous step" (still accepted) into one the server refuses.
 */
export async function clearOfStepEnd(marginMs = 3_000): Promise<void> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 30_000 - marginMs) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
}

/** RFC 6238 code (SHA-1, 6 digits) of `secret` (base32) at `step`. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

/** An enrolled authenticator app: its secret, the step its confirmation used, the backup codes. */
export interface Enrolled {
  secret: string;
  confirmedStep: number;
  backupCodes: string[];
}

/** POSTs a JSON body (with the CSRF token added) to a path under the site, as a signed-in script. */
export type JsonPost = (path: string, body: Record<string, unknown>) => Promise<Response>;

/** {@link JsonPost} through a `Client`. */
export function clientPost(client: Client): JsonPost {
  return async (path, body) =>
    client.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), ...body }),
    });
}

/**
 * Enrols and confirms an authenticator app for the signed-in user behind `post` (JSON endpoints),
 * started clear of a step's end so that the steps after the confirmed one are at hand.
 */
export async function enrolTotp(post: JsonPost): Promise<Enrolled> {
  await clearOfStepEnd();
  const enrol = await post("/auth/second-factor/enrol", { kind: "totp" });
  if (enrol.status !== 200) throw new Error(`enrol answered ${enrol.status}: ${await enrol.text()}`);
  const { secret } = (await enrol.json()) as { secret: string };
  // The previous step (still accepted) leaves this step and the next for the sign-ins that follow.
  let confirmedStep = stepNow() - 1;
  let confirm = await post("/auth/second-factor/confirm", { code: totp(secret, confirmedStep) });
  // A 30-second boundary passed between the code and its check, which made it two steps old: once more.
  if (confirm.status === 400 && stepNow() - 1 !== confirmedStep) {
    confirmedStep = stepNow() - 1;
    confirm = await post("/auth/second-factor/confirm", { code: totp(secret, confirmedStep) });
  }
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
  const { backupCodes } = (await confirm.json()) as { backupCodes: string[] };
  return { secret, confirmedStep, backupCodes };
}


/** A migrated `@latch/pg` on PGlite, made before the file's tests and handed to `started`; closed after them. */
export function usePgliteAdapter(started: (running: { db: PGlite; adapter: Adapter }) => void): void {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
    started({ db, adapter: PostgresAdapter(db) });
  });
  afterAll(async () => {
    await db?.close();
  });
}

/** A real SMTP server on loopback, started before the file's tests and handed to `started`; closed after them. */
export function useSmtpServer(started: (smtp: SmtpTestServer) => void): void {
  let smtp: SmtpTestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    started(smtp);
  });
  afterAll(async () => {
    await smtp?.close();
  });
}

/** A stand-in password check: every user stored in `adapter` signs in with the password "right". */
export function rightPasswordCredentials(adapter: Adapter): ReturnType<typeof Credentials> {
  return Credentials({
    credentials: { email: {}, password: {} },
    authorize: async ({ email, password }) => (password === "right" ? ((await adapter.getUserByEmail!(String(email))) ?? null) : null),
  });
}
