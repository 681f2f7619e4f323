/**
 * Password sign-in through `Auth()`: what one sign-in costs, the time difference between a wrong
 * password for a known address and an unknown address (the dummy hash should make it small), and
 * how many session reads the process serves per second alone and while 4 sign-ins hash at once.
 * The adapter is an in-memory map (this measures Latch and Argon2id, not a database).
 */
import { performance } from "node:perf_hooks";
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter, AdapterPassword, AdapterUser } from "@latch/core/adapters";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { base, check, cookiePair, get, post, secret } from "./fixtures.js";

const password = "violet staircase 42";
const member: AdapterUser = { id: "bench-member", name: "Member", email: "member@example.com", image: null, emailVerified: new Date() };

/** Only what the password sign-in reads. */
function memoryAdapter(stored: AdapterPassword): Adapter {
  return {
    getUserByEmail: async (email) => (email === member.email ? member : null),
    getPassword: async (userId) => (userId === stored.userId ? stored : null),
    replacePasswordHash: async () => false,
  };
}

async function signIn(config: AuthConfig, email: string, attempt: string): Promise<Response> {
  const csrf = await Auth(get("csrf"), config);
  const cookie = cookiePair(csrf, "authjs.csrf-token");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return Auth(post("callback/password", cookie, { csrfToken, email, password: attempt, callbackUrl: `${base}/home` }), config);
}

/** Milliseconds `run` took. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Session reads completed in `ms` milliseconds, one after the other, each after a turn of the
 * event loop (as a server gets requests), so that finished hashes are picked up meanwhile.
 */
async function sessionReads(config: AuthConfig, cookie: string, ms: number): Promise<number> {
  let reads = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await new Promise((resolve) => setImmediate(resolve));
    await Auth(get("session", cookie), config);
    reads++;
  }
  return reads;
}

/** Prints the figures. */
export async function passwordSignIn(rounds = 12): Promise<void> {
  const stored = { userId: member.id, hash: await hashPassword(password), updatedAt: new Date() };
  const logger = { error: () => {}, warn: () => {}, debug: () => {} };
  const config: AuthConfig = { secret, trustHost: true, adapter: memoryAdapter(stored), session: { strategy: "jwt" }, providers: [Password()], logger };
  const ok = await signIn(config, member.email, password);
  check(ok.headers.get("location") === `${base}/home`, `password sign-in did not succeed: ${ok.headers.get("location")}`);
  const session = cookiePair(ok, "authjs.session-token");

  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // Alternating which goes first, so that neither always runs after the other.
    const runKnown = async () => known.push(await timed(() => signIn(config, member.email, "not the password")));
    const runUnknown = async () => unknown.push(await timed(() => signIn(config, `nobody-${i}@example.com`, "not the password")));
    if (i % 2) await runUnknown().then(runKnown);
    else await runKnown().then(runUnknown);
  }
  console.log("\nPassword sign-in through Auth() (median of", rounds, "interleaved rounds)");
  console.log(`wrong password, known address    ${median(known).toFixed(1).padStart(7)} ms`);
  console.log(`unknown address (dummy hash)     ${median(unknown).toFixed(1).padStart(7)} ms   difference ${(median(unknown) - median(known)).toFixed(1)} ms, ratio ${(median(unknown) / median(known)).toFixed(2)}×`);

  const window = 2000;
  await sessionReads(config, session, 500); // warm-up
  const alone = await sessionReads(config, session, window);
  let hashing = true;
  const signIns = Array.from({ length: 4 }, async () => {
    let count = 0;
    while (hashing) {
      await signIn(config, member.email, password);
      count++;
    }
    return count;
  });
  const during = await sessionReads(config, session, window);
  hashing = false;
  const completed = (await Promise.all(signIns)).reduce((a, b) => a + b, 0);
  console.log(`session reads/s, alone           ${((alone * 1000) / window).toFixed(0).padStart(7)}`);
  console.log(`session reads/s, 4 sign-ins hash ${((during * 1000) / window).toFixed(0).padStart(7)}   (${completed} sign-ins completed meanwhile, ${(alone / Math.max(during, 1)).toFixed(2)}× slower reads)`);
}
