// The password sign-in: the address's user, its stored hash, one Argon2id verification whether
// or not either exists (a dummy hash stands in), and the hash upgraded when its parameters are old.
import type { Adapter, AdapterUser } from "../../adapter.js";
import { defaultPasswordHashParameters, hashPassword, needsRehash, verifyPassword, type PasswordHashParameters } from "./hash.js";
import { randomHex, randomUUID } from "../../crypto/random.js";
import { adapterHas, guardMethods } from "../../config/adapter-guard.js";
import { CredentialsSignin, MissingAdapter, MissingAdapterMethods } from "../../errors.js";
import { normalizeEmail } from "../../security/email-address.js";
import type { VerifiedSignIn } from "../../signin/complete.js";
import type { FlowInput } from "../../flows/types.js";
import type { PasswordProvider } from "./types.js";
import { signInMethods } from "./adapter-methods.js";

/** The sign-in was refused: unknown address, no password, or a wrong one (never saying which). */
export class InvalidPasswordLogin extends CredentialsSignin {
  override code = "invalid_login";
}

/** The password was right but the address is not verified yet, and the provider requires it. */
export class EmailNotVerified extends CredentialsSignin {
  override code = "email_unverified";
}

type SignInAdapter = Required<Pick<Adapter, (typeof signInMethods)[number]>>;

/**
 * A hash of a random password at the default parameters: what is verified against when the
 * address has no user or the user no password, so that those attempts cost one Argon2id like
 * the others (the time does not tell whether an account exists). Made once, offline.
 */
const defaultDummyHash = "$argon2id$v=19$m=19456,t=2,p=1$rEqA1LcXQ3vwckhX51wM2A$TYqq647wWctgdH3Ub1Q6DtRlQ7l7T0EwroO+7FE9dow";

const dummyHashes = new Map<string, Promise<string>>();

/** The dummy hash at these parameters: the shipped one, or one made on first use and kept. */
export function dummyHash(parameters: PasswordHashParameters): Promise<string> {
  const key = `${parameters.memoryCost},${parameters.timeCost},${parameters.parallelism}`;
  const { memoryCost, timeCost, parallelism } = defaultPasswordHashParameters;
  if (key === `${memoryCost},${timeCost},${parallelism}`) return Promise.resolve(defaultDummyHash);
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(randomHex(24), parameters)));
  return hash;
}

/** The adapter, checked for the methods the sign-in needs (a configuration error otherwise). */
export function signInAdapter(adapter: Adapter | undefined, providerId: string): SignInAdapter {
  if (!adapter) throw new MissingAdapter(`The password provider "${providerId}" needs an adapter that stores passwords; set \`adapter\` in the config.`);
  const missing = signInMethods.filter((method) => !adapterHas(adapter, method));
  if (missing.length) throw new MissingAdapterMethods(missing, `The password provider "${providerId}" needs the adapter methods ${missing.join(", ")}.`);
  return guardMethods(adapter, signInMethods);
}

function addressOf(input: unknown): string | null {
  try {
    return normalizeEmail(input);
  } catch {
    return null;
  }
}

/**
 * Checks `email` and `password` from the body. Unknown address, an account without a password
 * and a wrong password are refused alike ({@link InvalidPasswordLogin}) after the same work: one
 * user lookup, one password lookup, one Argon2id verification. (An input that is no email address
 * at all skips the user lookup: nothing about any account can be learnt from it.)
 */
export async function passwordSignIn({ ctx, req, provider, callbackUrl }: FlowInput<PasswordProvider>): Promise<VerifiedSignIn> {
  const adapter = signInAdapter(ctx.adapter, provider.id);
  const { email, password } = req.body ?? {};
  if (typeof password !== "string" || typeof email !== "string") throw new InvalidPasswordLogin("The sign-in form has no email address or password.");
  const address = addressOf(email);
  const user: AdapterUser | null = address ? await adapter.getUserByEmail(address) : null;
  // Looked up for an unknown address too (a random id finds nothing), so that both cost the same
  // round trips (OWASP Authentication Cheat Sheet: response times must not reveal accounts).
  const stored = await adapter.getPassword(user?.id ?? randomUUID());
  const hash = stored?.hash ?? (await dummyHash(provider.hashParameters));
  const matches = await verifyPassword(password, hash);
  if (!user || !stored || !matches) throw new InvalidPasswordLogin("Wrong email address or password.");
  if (provider.requireVerifiedEmail && !user.emailVerified) throw new EmailNotVerified("The address of this account is not verified yet.");
  if (needsRehash(stored.hash, provider.hashParameters)) {
    // Conditional: a reset or change that landed meanwhile is never overwritten.
    await adapter.replacePasswordHash(user.id, stored.hash, await hashPassword(password, provider.hashParameters));
  }
  return {
    provider,
    user,
    account: { providerAccountId: user.id, type: "credentials", provider: provider.id },
    // The signIn callback sees the address, never the password.
    credentials: { email: address! } as unknown as VerifiedSignIn["credentials"],
    callbackUrl,
    methods: ["pwd"],
    password: true,
  };
}
