/**
 * `npm run bench -- passwords`: what a password hash costs on this machine, per implementation,
 * and how long the event loop stalls meanwhile (a 1 ms interval timer records its longest gap).
 * The figures behind the choice of Argon2id with the native implementation on Node: node:crypto
 * scrypt at OWASP's N=2^17, r=8, p=1 takes about twenty times longer for comparable strength,
 * and the WebAssembly Argon2id holds the event loop for the whole hash.
 */
import { scrypt } from "node:crypto";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { argon2idRaw as portableArgon2 } from "../packages/core/src/crypto/argon2.js";
import { argon2idRaw as nativeArgon2 } from "../packages/core/src/crypto/node/argon2.js";

const scryptAsync = promisify(scrypt) as (password: string, salt: Uint8Array, length: number, options: object) => Promise<Buffer>;
const password = new TextEncoder().encode("correct horse battery staple");
const salt = crypto.getRandomValues(new Uint8Array(16));
const owasp = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLength: 32 };

/** Mean time of one call of `run` (after a warm-up) and the longest event-loop stall while it ran. */
async function measure(run: () => Promise<unknown>, rounds: number): Promise<{ ms: number; stall: number }> {
  await run();
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await run();
  const end = performance.now();
  const ms = (end - start) / rounds;
  clearInterval(timer);
  // A hash that holds the thread keeps the timer from firing at all: count the last gap too.
  stall = Math.max(stall, end - last);
  return { ms, stall };
}

const cases: [string, () => Promise<unknown>][] = [
  ["Argon2id m=19 MiB t=2 p=1, native (@node-rs/argon2)", () => nativeArgon2(password, salt, owasp)],
  ["  the same, 4 at once", () => Promise.all([1, 2, 3, 4].map(() => nativeArgon2(password, salt, owasp)))],
  ["Argon2id m=19 MiB t=2 p=1, WebAssembly (hash-wasm)", () => portableArgon2(password, salt, owasp)],
  ["scrypt N=2^17 r=8 p=1, node:crypto", () => scryptAsync("correct horse battery staple", salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 20 })],
  ["  the same, 4 at once", () => Promise.all([1, 2, 3, 4].map(() => scryptAsync("correct horse battery staple", salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 20 })))],
];

/** Prints one line per implementation. */
export async function passwordHashing(rounds = 4): Promise<void> {
  console.log("\nPassword hashing (mean per call; longest event-loop stall while hashing)");
  for (const [name, run] of cases) {
    const { ms, stall } = await measure(run, rounds);
    console.log(`${name.padEnd(54)} ${ms.toFixed(0).padStart(6)} ms   stall ${stall.toFixed(0).padStart(4)} ms`);
  }
}
