/** An implementation under measurement, behind the few operations the comparison needs. */
import { Auth, type AuthConfig } from "@latch/core";
import { decode, encode } from "@latch/core/jwt";
import Credentials from "@latch/core/providers/credentials";
import { secret, user } from "./fixtures.js";

export interface EncodeParams {
  token: Record<string, unknown>;
  secret: string;
  salt: string;
  maxAge: number;
}

export interface DecodeParams {
  token: string;
  secret: string;
  salt: string;
}

export interface Contender {
  /** "Latch" or "Auth.js". */
  name: string;
  /** The package and version measured, for the report. */
  label: string;
  /** The `Auth(request, config)` handler with this implementation's equivalent config. */
  handle(request: Request): Promise<Response>;
  encode(params: EncodeParams): Promise<string>;
  decode(params: DecodeParams): Promise<Record<string, unknown> | null>;
}

/** Latch's config in the bench: JWT sessions (with `session` options), one credentials user, no logging. */
export function latchConfig(session: AuthConfig["session"] = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    session: { strategy: "jwt", ...session },
    providers: [Credentials({ authorize: () => user })],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
}

/** Latch as built from this repository's sources. */
export function latch(): Contender {
  const config = latchConfig();
  return {
    name: "Latch",
    label: "@latch/core built (packages/core/dist, resolved with the `node` export condition)",
    handle: (request) => Auth(request, config),
    encode: (params) => encode(params),
    decode: (params) => decode<Record<string, unknown>>(params),
  };
}
