// Password hashing: Argon2id in the PHC string format, through `#argon2` (the native thread-pool
// implementation under the `node` condition, WebAssembly elsewhere). Loaded only by the
// password features, never by the package entry.
import type { Argon2Parameters } from "../../crypto/argon2.js";
import { timingSafeEqualBytes } from "../../crypto/compare.js";
import { randomBytes } from "../../crypto/random.js";

/** The cost of a password hash: Argon2id's memory (KiB), passes and lanes. */
export interface PasswordHashParameters {
  /** Memory in KiB (`m`). */
  memoryCost: number;
  /** Passes over the memory (`t`). */
  timeCost: number;
  /** Lanes (`p`). */
  parallelism: number;
}

/**
 * OWASP's Argon2id configuration (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane.
 * About 60 ms per hash with the native implementation on one core of a 2020s server.
 */
export const defaultPasswordHashParameters: Readonly<PasswordHashParameters> = Object.freeze({ memoryCost: 19456, timeCost: 2, parallelism: 1 });

const saltLength = 16;
const outputLength = 32;

/** What a stored hash may ask for before it is refused unread: no stored string can make a sign-in cost gigabytes. */
const bounds = { memoryCost: [8, 1 << 20], timeCost: [1, 64], parallelism: [1, 16], salt: [8, 64], output: [16, 64] } as const;

type Argon2 = (password: Uint8Array, salt: Uint8Array, parameters: Argon2Parameters) => Promise<Uint8Array>;

let chosen: Promise<Argon2> | undefined;

/**
 * The Argon2id of the runtime: `#argon2` (native on Node), or WebAssembly where that specifier
 * does not resolve (an import map) or its native binary cannot load on this platform.
 */
function argon2(): Promise<Argon2> {
  chosen ??= import("#argon2")
    .then((m) => m.argon2idRaw as Argon2)
    .catch(() => import("../../crypto/argon2.js").then((m) => m.argon2idRaw));
  return chosen;
}

/** The bytes that get hashed: the UTF-8 of the password in Unicode NFKC (NIST SP 800-63B §5.1.1.2). */
function passwordBytes(password: string): Uint8Array {
  return new TextEncoder().encode(password.normalize("NFKC"));
}

/** Standard base64 without padding, the alphabet of PHC strings. */
function toB64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "");
}

function fromB64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text + "=".repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A PHC string taken apart. */
interface ParsedHash extends PasswordHashParameters {
  salt: Uint8Array;
  output: Uint8Array;
}

const phc = /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function within(value: number, [low, high]: readonly [number, number]): boolean {
  return value >= low && value <= high;
}

/** The parts of an Argon2id (v=19) PHC string within the bounds above, or `null`. */
function parse(hash: string): ParsedHash | null {
  const match = phc.exec(hash);
  if (!match) return null;
  const [memoryCost, timeCost, parallelism] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = fromB64(match[4]!);
  const output = fromB64(match[5]!);
  if (!salt || !output) return null;
  const fits =
    within(memoryCost, bounds.memoryCost) && memoryCost >= 8 * parallelism && within(timeCost, bounds.timeCost) &&
    within(parallelism, bounds.parallelism) && within(salt.length, bounds.salt) && within(output.length, bounds.output);
  return fits ? { memoryCost, timeCost, parallelism, salt, output } : null;
}

/**
 * Hashes a password with Argon2id and a fresh 16-byte salt, after Unicode NFKC normalisation.
 * The result is a PHC string that carries its parameters, such as
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`; it verifies on every runtime. Asynchronous:
 * on Node the work runs on libuv's thread pool.
 *
 * @example
 * ```ts
 * import { hashPassword } from "@latch/core/passwords"
 * const stored = await hashPassword("correct horse battery staple")
 * ```
 */
export async function hashPassword(password: string, parameters: PasswordHashParameters = defaultPasswordHashParameters): Promise<string> {
  const { memoryCost, timeCost, parallelism } = parameters;
  const valid = [memoryCost, timeCost, parallelism].every(Number.isInteger) && within(memoryCost, bounds.memoryCost) &&
    memoryCost >= 8 * parallelism && within(timeCost, bounds.timeCost) && within(parallelism, bounds.parallelism);
  if (!valid) throw new RangeError("Password hash parameters out of range: memoryCost 8 KiB to 1 GiB (at least 8 per lane), timeCost 1 to 64, parallelism 1 to 16.");
  const salt = randomBytes(saltLength);
  const output = await (await argon2())(passwordBytes(password), salt, { memoryCost, timeCost, parallelism, outputLength });
  return `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$${toB64(salt)}$${toB64(output)}`;
}

/**
 * True when the password (after NFKC normalisation) matches the PHC string. The hash is
 * recomputed with the string's own parameters and compared in constant time. A string that is
 * not an Argon2id (v=19) PHC string, or asks for parameters beyond sane bounds (over 1 GiB of
 * memory, 64 passes, 16 lanes), gives `false` without hashing.
 *
 * @example
 * ```ts
 * if (await verifyPassword(form.password, stored)) { ... }
 * ```
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const { memoryCost, timeCost, parallelism, salt, output } = parsed;
  const computed = await (await argon2())(passwordBytes(password), salt, { memoryCost, timeCost, parallelism, outputLength: output.length });
  return timingSafeEqualBytes(computed, output);
}

/**
 * True when a stored hash should be replaced at the next successful sign-in: it is not an
 * Argon2id PHC string, or its parameters differ from `parameters` (the current ones), or its
 * salt or output is shorter than Latch makes them.
 *
 * @example
 * ```ts
 * if (ok && needsRehash(stored)) await save(await hashPassword(password))
 * ```
 */
export function needsRehash(hash: string, parameters: PasswordHashParameters = defaultPasswordHashParameters): boolean {
  const parsed = parse(hash);
  if (!parsed) return true;
  return parsed.memoryCost !== parameters.memoryCost || parsed.timeCost !== parameters.timeCost ||
    parsed.parallelism !== parameters.parallelism || parsed.salt.length < saltLength || parsed.output.length < outputLength;
}
