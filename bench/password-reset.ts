/**
 * "Forgot your password" through `Auth()`: the time of `POST <base>/password/forgot` for an
 * address with an account (a token is stored and the reset email written and handed to the
 * transport) against an unknown address (nothing to do), medians of alternating rounds. The
 * answers are identical; the time is what could still tell the two apart. Measured twice: with a
 * transport that returns at once (Latch's own work) and with one that takes a fixed delay, as an
 * SMTP or HTTP hand-off does. The adapter is an in-memory map.
 */
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter, AdapterPassword, AdapterUser, VerificationToken } from "@latch/core/adapters";
import type { EmailConfig } from "@latch/core/providers";
import Password from "@latch/core/providers/password";
import { base, check, cookiePair, get, post, secret } from "./fixtures.js";
import { median, timed } from "./password-sign-in.js";

const member: AdapterUser = { id: "bench-member", name: "Member", email: "member@example.com", image: null, emailVerified: new Date() };

/** What the reset request reads and writes, in memory. */
function memoryAdapter(): Adapter {
  const tokens = new Map<string, VerificationToken>();
  const passwords = new Map<string, AdapterPassword>();
  return {
    getUser: async (id) => (id === member.id ? member : null),
    getUserByEmail: async (email) => (email === member.email ? member : null),
    createUser: async (user) => user,
    updateUser: async (user) => ({ ...member, ...user }),
    deleteUser: async () => null,
    getPassword: async (userId) => passwords.get(userId) ?? null,
    setPassword: async (password) => (passwords.set(password.userId, password), password),
    createVerificationToken: async (token) => (tokens.set(`${token.identifier} ${token.token}`, token), token),
    useVerificationToken: async ({ identifier, token }) => {
      const found = tokens.get(`${identifier} ${token}`) ?? null;
      tokens.delete(`${identifier} ${token}`);
      return found;
    },
  };
}

/** An email provider whose transport keeps a count and takes `delayMs` per message. */
function transport(delayMs: number): EmailConfig & { sent: number } {
  const provider = {
    id: "email",
    type: "email" as const,
    name: "Email",
    sent: 0,
    sendVerificationRequest: async () => {},
    sendMessage: async () => {
      provider.sent++;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    },
  };
  return provider;
}

async function askForReset(config: AuthConfig, email: string): Promise<Response> {
  const csrf = await Auth(get("csrf"), config);
  const cookie = cookiePair(csrf, "authjs.csrf-token");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return Auth(post("password/forgot", cookie, { csrfToken, email }), config);
}

/** Known and unknown address, `rounds` each, alternating which goes first. */
async function compareAddresses(config: AuthConfig, rounds: number): Promise<{ known: number; unknown: number }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const runKnown = async () => known.push(await timed(() => askForReset(config, member.email)));
    const runUnknown = async () => unknown.push(await timed(() => askForReset(config, `nobody-${i}@example.com`)));
    if (i % 2) await runUnknown().then(runKnown);
    else await runKnown().then(runUnknown);
  }
  return { known: median(known), unknown: median(unknown) };
}

function configWith(email: EmailConfig): AuthConfig {
  const logger = { error: () => {}, warn: () => {}, debug: () => {} };
  return { secret, trustHost: true, adapter: memoryAdapter(), session: { strategy: "jwt" }, providers: [email, Password()], logger };
}

/** Prints the figures. */
export async function passwordReset(rounds = 40, delayMs = 20): Promise<void> {
  console.log(`\nPassword reset request (POST password/forgot) through Auth() (median of ${rounds} interleaved rounds)`);
  // The first requests of a process run cold (module loading, JIT): a full untimed pass first.
  await compareAddresses(configWith(transport(0)), rounds);
  for (const delay of [0, delayMs]) {
    const email = transport(delay);
    const config = configWith(email);
    const [a, b] = [await askForReset(config, member.email), await askForReset(config, "nobody@example.com")];
    const expected = `${base}/verify-request?provider=password&type=reset`;
    check(a.status === 302 && a.headers.get("location") === expected, `reset request did not answer as expected: ${a.status} ${a.headers.get("location")}`);
    check(b.status === a.status && b.headers.get("location") === a.headers.get("location"), "known and unknown addresses got different answers");
    check(email.sent === 1, `expected one email for the known address, got ${email.sent}`);
    const { known, unknown } = await compareAddresses(config, rounds);
    const label = delay ? `transport taking ${delay} ms` : "transport returning at once";
    console.log(`${label}:`);
    console.log(`  known address (token + email)  ${known.toFixed(2).padStart(8)} ms`);
    console.log(`  unknown address                ${unknown.toFixed(2).padStart(8)} ms   difference ${(known - unknown).toFixed(2)} ms, ratio ${(known / unknown).toFixed(2)}×`);
  }
}
