/**
 * A software authenticator: a stand-in for a passkey, written because the real ones (a phone, a
 * security key, Chromium's virtual authenticator) cannot be driven once per mutant in a few
 * milliseconds. It makes real WebAuthn objects the way an authenticator and browser would: an
 * ES256 key pair from Web Crypto, a CBOR attestation object (`fmt: "none"`, or `"packed"` self
 * attestation signed with the credential's key) with the credential's COSE public key, client
 * data JSON, and assertions signed over authenticator data and the client data hash (DER-encoded
 * ECDSA). Nothing in Latch's path is replaced: `@simplewebauthn/server`
 * verifies these objects through Latch's flow as it would a browser's.
 */
import { createHash, randomBytes, webcrypto } from "node:crypto";

const subtle = webcrypto.subtle;

export const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string): Uint8Array => new Uint8Array(createHash("sha256").update(bytes).digest());

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/** RFC 8949 encoding of the few types WebAuthn objects use. */
export function cbor(value: Cbor): Uint8Array {
  const out: number[] = [];
  const write = (v: Cbor): void => {
    if (typeof v === "number") out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
    else if (typeof v === "string") {
      const bytes = new TextEncoder().encode(v);
      out.push(...head(3, bytes.length), ...bytes);
    } else if (v instanceof Uint8Array) out.push(...head(2, v.length), ...v);
    else if (Array.isArray(v)) {
      out.push(...head(4, v.length));
      v.forEach(write);
    } else {
      const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
      out.push(...head(5, entries.length));
      for (const [key, item] of entries) {
        write(key);
        write(item);
      }
    }
  };
  write(value);
  return Uint8Array.from(out);
}

/** Authenticator data flags (WebAuthn L2 §6.1). */
export const flags = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** Raw r‖s (Web Crypto) to the DER SEQUENCE WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array): number[] => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = [...bytes.subarray(start)];
    if (trimmed[0]! & 0x80) trimmed.unshift(0);
    return [0x02, trimmed.length, ...trimmed];
  };
  const body = [...integer(raw.subarray(0, 32)), ...integer(raw.subarray(32))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

/** What a ceremony's options give the authenticator. */
export interface Ceremony {
  challenge: string;
  origin: string;
  rpId: string;
}

/** Changes made to one answer, to play a faulty or hostile authenticator. */
export interface Twist {
  /** Flags of the authenticator data (default: user present and verified). */
  flags?: number;
  /** The client data's `type`. */
  type?: string;
  /** The client data's `origin`. */
  origin?: string;
  /** The signature counter to report. */
  counter?: number;
  /** Sign with another key than the credential's. */
  otherKey?: boolean;
  /** The `id` the browser would report (default: the credential id, base64url). */
  id?: string;
  /** A registration's attestation format: `none` (default) or `packed` self attestation. */
  attestation?: "none" | "packed";
}

/** One credential (one passkey) of the software authenticator. */
export class SoftwareCredential {
  readonly rawId: Uint8Array = new Uint8Array(randomBytes(32));
  counter = 0;
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly userHandle: string,
  ) {}

  static async create(userHandle: string): Promise<SoftwareCredential> {
    const keys = (await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return new SoftwareCredential(keys, userHandle);
  }

  get id(): string {
    return base64url(this.rawId);
  }

  private async coseKey(): Promise<Uint8Array> {
    const raw = new Uint8Array(await subtle.exportKey("raw", this.keys.publicKey));
    return cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, raw.subarray(1, 33)], [-3, raw.subarray(33, 65)]]));
  }

  private authData(rpId: string, flagBits: number, counter: number, attested?: Uint8Array): Uint8Array {
    const count = [(counter >>> 24) & 0xff, (counter >> 16) & 0xff, (counter >> 8) & 0xff, counter & 0xff];
    return Uint8Array.from([...sha256(rpId), flagBits, ...count, ...(attested ?? [])]);
  }

  private clientData(type: string, ceremony: Ceremony, twist: Twist): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type: twist.type ?? type, challenge: ceremony.challenge, origin: twist.origin ?? ceremony.origin, crossOrigin: false }));
  }

  /** A DER ECDSA signature over authenticator data and the client data hash, by this credential's key or (`otherKey`) a fresh one. */
  private async sign(authData: Uint8Array, clientData: Uint8Array, twist: Twist): Promise<Uint8Array> {
    const signer = twist.otherKey ? (await SoftwareCredential.create(this.userHandle)).keys.privateKey : this.keys.privateKey;
    const raw = new Uint8Array(await subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, Uint8Array.from([...authData, ...sha256(clientData)])));
    return derSignature(raw);
  }

  /** The `PublicKeyCredential` JSON of `navigator.credentials.create()`. */
  async register(ceremony: Ceremony, twist: Twist = {}): Promise<Record<string, unknown>> {
    const attested = Uint8Array.from([...new Uint8Array(16), this.rawId.length >> 8, this.rawId.length & 0xff, ...this.rawId, ...(await this.coseKey())]);
    const authData = this.authData(ceremony.rpId, (twist.flags ?? flags.up | flags.uv) | flags.at, twist.counter ?? this.counter, attested);
    const clientData = this.clientData("webauthn.create", ceremony, twist);
    // Packed self attestation (WebAuthn L2 §8.2): the credential's own key signs authData ‖ hash(clientData).
    const attStmt: Cbor = twist.attestation === "packed" ? { alg: -7, sig: await this.sign(authData, clientData, twist) } : {};
    const attestationObject = cbor({ fmt: twist.attestation ?? "none", attStmt, authData });
    return {
      id: twist.id ?? this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: base64url(clientData), attestationObject: base64url(attestationObject), transports: ["internal", "hybrid"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The `PublicKeyCredential` JSON of `navigator.credentials.get()`; moves the counter by one. */
  async assert(ceremony: Ceremony, twist: Twist = {}): Promise<Record<string, unknown>> {
    if (twist.counter === undefined) this.counter += 1;
    const authData = this.authData(ceremony.rpId, twist.flags ?? flags.up | flags.uv, twist.counter ?? this.counter);
    const clientData = this.clientData("webauthn.get", ceremony, twist);
    const signature = await this.sign(authData, clientData, twist);
    return {
      id: twist.id ?? this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: base64url(clientData), authenticatorData: base64url(authData), signature: base64url(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}
