// Argon2id on Node, chosen by the `node` export condition (package.json "imports" #argon2):
// the native argon2 of @node-rs/argon2, computed on libuv's thread pool so that the event loop
// keeps serving requests while a password hashes. Same bytes as the portable ../argon2.ts.
import { hashRaw } from "@node-rs/argon2";

export type { Argon2Parameters } from "../argon2.js";
import type { Argon2Parameters } from "../argon2.js";

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const argon2idAlgorithm = 2;
/** `Version.V0x13`. */
const version13 = 1;

/** Argon2id (version 0x13) of the password bytes with this salt: the raw output. */
export async function argon2idRaw(password: Uint8Array, salt: Uint8Array, parameters: Argon2Parameters): Promise<Uint8Array> {
  const out = await hashRaw(password, {
    algorithm: argon2idAlgorithm,
    version: version13,
    salt,
    memoryCost: parameters.memoryCost,
    timeCost: parameters.timeCost,
    parallelism: parameters.parallelism,
    outputLen: parameters.outputLength,
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
