/**
 * IP addresses as rate limits key them. One address has many spellings (`1.2.3.4`,
 * `001.002.003.004`, `::ffff:1.2.3.4`, `[::FFFF:0102:0304]:443`, `0:0:0:0:0:ffff:1.2.3.4`…) and an
 * IPv6 client owns a whole /64, so the text of an address is never a key: it is parsed into bytes,
 * IPv4 carried in IPv6 is unwrapped, and IPv6 is cut to its network prefix.
 */

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

const decimalPart = /^\d{1,8}$/;
const hexGroup = /^[0-9a-fA-F]{1,8}$/;

function parseV4(text: string): IpBytes | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!;
    // Leading zeros are padding (`001` is 1), never octal: one meaning for each spelling.
    if (!decimalPart.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes[i] = value;
  }
  return bytes;
}

/** The groups of one side of `::`; dotted IPv4 only as the address's last 32 bits (`v4Tail`). */
function parseGroups(text: string, v4Tail: boolean): number[] | null {
  if (text === "") return [];
  const groups: number[] = [];
  const parts = text.split(":");
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (v4Tail && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseV4(part);
      if (!v4) return null;
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      continue;
    }
    // Up to four significant hex digits; extra leading zeros are padding.
    if (!hexGroup.test(part)) return null;
    const value = parseInt(part, 16);
    if (value > 0xffff) return null;
    groups.push(value);
  }
  return groups;
}

function parseV6(text: string): IpBytes | null {
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  const halves = text.split("::");
  if (halves.length > 2) return null;
  let groups: number[];
  if (halves.length === 2) {
    const head = parseGroups(halves[0]!, false);
    const tail = parseGroups(halves[1]!, true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = parseGroups(text, true);
    if (!all || all.length !== 8) return null;
    groups = all;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

const zeros = (bytes: IpBytes, from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries, or `null`: IPv4-mapped `::ffff:a.b.c.d`, the SIIT
 * form `::ffff:0:a.b.c.d`, the deprecated IPv4-compatible `::a.b.c.d` (not `::` or `::1`), and
 * the NAT64 well-known prefix `64:ff9b::a.b.c.d`.
 */
function embeddedV4(b: IpBytes): IpBytes | null {
  const tail = b.slice(12);
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return tail;
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return tail;
  if (zeros(b, 0, 12) && !zeros(b, 12, 15)) return tail;
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return tail;
  return null;
}

/**
 * Parses one address as a server, a proxy header or a socket may spell it: dotted IPv4 (leading
 * zeros allowed), IPv6 in any compression and case with an optional zone, either in brackets, and
 * either followed by a `:port`. IPv4 carried in IPv6 comes back as 4 bytes. `null` for anything
 * else (host names, `unknown`, obfuscated IPv4 such as `0x7f.1` or `2130706433`).
 *
 * @example
 * ```ts
 * parseIp("[::ffff:1.2.3.4]:443") // Uint8Array [1, 2, 3, 4]
 * parseIp("localhost")            // null
 * ```
 */
export function parseIp(input: string): IpBytes | null {
  let text = input.trim();
  if (text.length > 100) return null;
  if (text.startsWith("[")) {
    const close = text.indexOf("]");
    if (close === -1) return null;
    const rest = text.slice(close + 1);
    if (rest && !/^:\d{1,5}$/.test(rest)) return null;
    text = text.slice(1, close);
    if (!text.includes(":")) return null;
  } else if (/^[\d.]+:\d{1,5}$/.test(text)) {
    text = text.slice(0, text.lastIndexOf(":"));
  }
  if (!text.includes(":")) return parseV4(text);
  const v6 = parseV6(text);
  if (!v6) return null;
  return embeddedV4(v6) ?? v6;
}

/** Bytes with every bit after the first `bits` set to zero. */
function masked(bytes: IpBytes, bits: number): IpBytes {
  const out = bytes.slice();
  for (let i = 0; i < out.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - 8 * i));
    out[i] = out[i]! & (0xff << (8 - keep)) & 0xff;
  }
  return out;
}

function formatV6(bytes: IpBytes): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(":");
}

/**
 * The key of a client address: IPv4 as `a.b.c.d`; IPv6 as its network of `ipv6Prefix` bits
 * (default 64: one household, one phone, one server) in one canonical spelling, so that the
 * addresses of one network and every alias of one address share a key. An address that does not
 * parse gets the one key `invalid`: garbage can never mint fresh keys.
 *
 * @example
 * ```ts
 * addressKey("2001:db8::1") === addressKey("2001:DB8:0:0:ffff::9") // true: one /64
 * addressKey("001.002.003.004") // "1.2.3.4"
 * ```
 */
export function addressKey(input: string, ipv6Prefix = 64): string {
  const bytes = parseIp(input);
  if (!bytes) return "invalid";
  if (bytes.length === 4) return bytes.join(".");
  return `${formatV6(masked(bytes, ipv6Prefix))}/${ipv6Prefix}`;
}

/** A parsed CIDR block (`10.0.0.0/8`, `fd00::/8`) or single address. */
export interface IpRange {
  bytes: IpBytes;
  bits: number;
}

/**
 * Parses `address[/bits]`; throws a `TypeError` naming the value when it is not one, so a typo in
 * a trusted-proxy list is found at start and not by an attacker.
 */
export function parseRange(text: string): IpRange {
  const [address, bitsText] = text.split("/") as [string, string | undefined];
  const bytes = parseIp(address);
  const max = bytes?.length === 4 ? 32 : 128;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (!bytes || !Number.isInteger(bits) || bits < 0 || bits > max || (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText))) {
    throw new TypeError(`"${text}" is not an IP address or CIDR block.`);
  }
  return { bytes, bits };
}

/** Whether the address `input` lies in one of `ranges`. */
export function inRanges(input: string, ranges: readonly IpRange[]): boolean {
  const bytes = parseIp(input);
  if (!bytes) return false;
  return ranges.some((range) => {
    if (range.bytes.length !== bytes.length) return false;
    const a = masked(bytes, range.bits);
    const b = masked(range.bytes, range.bits);
    return a.every((byte, i) => byte === b[i]);
  });
}
