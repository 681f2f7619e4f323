/**
 * Sign-up through `Auth()`: the time of `POST <base>/signup` for a new address (user, password,
 * token, confirmation email) against an address that has an account (a notice email, nothing
 * written), medians of alternating rounds, with a transport that takes a fixed delay as an SMTP
 * or HTTP hand-off does. Both hash the password (Argon2id) and both send one email, so the
 * difference is the writes of a new account. The adapter is an in-memory map.
 */
import { base, check } from "./fixtures.js";
import { configWith, member, postForm, transport } from "./password-endpoints.js";
import { median, timed } from "./password-sign-in.js";

const password = "violet staircase 42";

/** Prints the figures. */
export async function passwordSignUp(rounds = 10, delayMs = 20): Promise<void> {
  const email = transport(delayMs);
  const config = configWith(email);
  const expected = `${base}/verify-request?provider=password&type=signup`;
  const [a, b] = [await postForm(config, "signup", { email: "first@example.com", password }), await postForm(config, "signup", { email: member.email, password })];
  check(a.status === 302 && a.headers.get("location") === expected, `sign-up did not answer as expected: ${a.status} ${a.headers.get("location")}`);
  check(b.status === a.status && b.headers.get("location") === a.headers.get("location"), "new and taken addresses got different answers");
  check(email.sent === 2, `expected an email for each sign-up, got ${email.sent}`);

  const fresh: number[] = [];
  const taken: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const runFresh = async () => fresh.push(await timed(() => postForm(config, "signup", { email: `new-${i}@example.com`, password })));
    const runTaken = async () => taken.push(await timed(() => postForm(config, "signup", { email: member.email, password })));
    if (i % 2) await runTaken().then(runFresh);
    else await runFresh().then(runTaken);
  }
  console.log(`\nSign-up (POST signup) through Auth(), transport taking ${delayMs} ms (median of ${rounds} interleaved rounds)`);
  console.log(`  new address (account + email)  ${median(fresh).toFixed(1).padStart(8)} ms`);
  console.log(`  address with an account        ${median(taken).toFixed(1).padStart(8)} ms   difference ${(median(fresh) - median(taken)).toFixed(1)} ms, ratio ${(median(fresh) / median(taken)).toFixed(2)}×`);
}
