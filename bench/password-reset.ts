/**
 * "Forgot your password" through `Auth()`: the time of `POST <base>/password/forgot` for an
 * address with an account (a token is stored and the reset email written and handed to the
 * transport) against an unknown address, medians of alternating rounds. The answers are
 * identical; the time is what could still tell the two apart. Measured twice: with a transport
 * that returns at once (Latch's own work) and with one that takes a fixed delay, as an SMTP or
 * HTTP hand-off does. The adapter is an in-memory map.
 */
import type { AuthConfig } from "@latch/core";
import { base, check } from "./fixtures.js";
import { configWith, member, postForm, transport } from "./password-endpoints.js";
import { median, timed } from "./password-sign-in.js";

/** Known and unknown address, `rounds` each, alternating which goes first. */
async function compareAddresses(config: AuthConfig, rounds: number): Promise<{ known: number; unknown: number }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const runKnown = async () => known.push(await timed(() => postForm(config, "password/forgot", { email: member.email })));
    const runUnknown = async () => unknown.push(await timed(() => postForm(config, "password/forgot", { email: `nobody-${i}@example.com` })));
    if (i % 2) await runUnknown().then(runKnown);
    else await runKnown().then(runUnknown);
  }
  return { known: median(known), unknown: median(unknown) };
}

/** Prints the figures. */
export async function passwordReset(rounds = 40, delayMs = 20): Promise<void> {
  console.log(`\nPassword reset request (POST password/forgot) through Auth() (median of ${rounds} interleaved rounds)`);
  // The first requests of a process run cold (module loading, JIT): a full untimed pass first.
  await compareAddresses(configWith(transport(0)), rounds);
  for (const delay of [0, delayMs]) {
    const email = transport(delay);
    const config = configWith(email);
    const [a, b] = [await postForm(config, "password/forgot", { email: member.email }), await postForm(config, "password/forgot", { email: "nobody@example.com" })];
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
