// Argon2id on WebAssembly (hash-wasm): the portable implementation behind `#argon2`, for every
// runtime without the `node` condition. The WebAssembly call runs on the calling thread, so one
// hash holds that thread for its duration (about 0.2 s at the default parameters); the Node
// implementation (node/argon2.ts) runs on libuv's thread pool instead. Both give the same bytes.
import { argon2id } from "hash-wasm";

/** The cost parameters of one Argon2id computation (RFC 9106). */
export interface Argon2Parameters {
  /** Memory in KiB (`m` in a PHC string). */
  memoryCost: number;
  /** Passes over the memory (`t`). */
  timeCost: number;
  /** Lanes (`p`). */
  parallelism: number;
  /** Output length in bytes. */
  outputLength: number;
}

/** Argon2id (version 0x13) of the password bytes with this salt: the raw output. */
export async function argon2idRaw(password: Uint8Array, salt: Uint8Array, parameters: Argon2Parameters): Promise<Uint8Array> {
  return argon2id({
    password,
    salt,
    memorySize: parameters.memoryCost,
    iterations: parameters.timeCost,
    parallelism: parameters.parallelism,
    hashLength: parameters.outputLength,
    outputType: "binary",
  });
}
