import { handedOffAddress } from "../security/client-address.js";
import { addressKey, inRanges, parseRange, type IpRange } from "../security/ip.js";
import type { ClientAddressOptions, ClientAddressPlatform } from "../types/rate-limit.js";

/** The header each platform's edge sets to the client's address, overwriting what the client sent. */
export const platformHeaders: Readonly<Record<ClientAddressPlatform, string>> = {
  vercel: "x-real-ip",
  cloudflare: "cf-connecting-ip",
  netlify: "x-nf-client-connection-ip",
  fly: "fly-client-ip",
};

/** `ClientAddressOptions`, checked and parsed once. */
export interface AddressSource {
  header?: string;
  proxies?: readonly IpRange[];
  proxyCount?: number;
  forwardedHeader: "x-forwarded-for" | "forwarded";
  ipv6Prefix: number;
}

/**
 * Checks and parses the options; throws a `TypeError` naming a bad proxy entry, prefix or
 * platform, so a typo is found at start.
 */
export function addressSource(options: ClientAddressOptions = {}): AddressSource {
  const { trustedProxies, platform } = options;
  if (platform !== undefined && !Object.hasOwn(platformHeaders, platform)) throw new TypeError(`Unknown clientAddress.platform "${platform}".`);
  const header = clientAddressHeader(options);
  const ipv6Prefix = options.ipv6Prefix ?? 64;
  if (!Number.isInteger(ipv6Prefix) || ipv6Prefix < 1 || ipv6Prefix > 128) throw new TypeError("clientAddress.ipv6Prefix must be an integer from 1 to 128.");
  if (typeof trustedProxies === "number" && (!Number.isInteger(trustedProxies) || trustedProxies < 0)) {
    throw new TypeError("clientAddress.trustedProxies must be a list of addresses or a whole number of proxies.");
  }
  return {
    header,
    proxies: Array.isArray(trustedProxies) ? trustedProxies.map(parseRange) : undefined,
    proxyCount: typeof trustedProxies === "number" ? trustedProxies : undefined,
    forwardedHeader: options.forwardedHeader ?? "x-forwarded-for",
    ipv6Prefix,
  };
}

/**
 * The header the options declare as the client's address (`header`, or the platform's), if any.
 * For integrations without a socket (Next.js) that copy headers onto requests they make.
 *
 * @example
 * ```ts
 * clientAddressHeader({ platform: "vercel" }) // "x-real-ip"
 * ```
 */
export function clientAddressHeader(options: ClientAddressOptions | undefined): string | undefined {
  return options?.header?.toLowerCase() ?? (options?.platform ? platformHeaders[options.platform] : undefined);
}

/**
 * Whether the options name a source of the client's address besides the integration's socket: a
 * header, a platform or trusted proxies. Without one, an integration that has no socket (Next.js)
 * can only key limits by account.
 */
export function declaresAddressSource(options: ClientAddressOptions | undefined): boolean {
  return !!(clientAddressHeader(options) || options?.trustedProxies !== undefined);
}

/** The addresses of `Forwarded: for=…` (RFC 7239), in order; obfuscated or `unknown` ones as written. */
function forwardedFor(value: string): string[] {
  const out: string[] = [];
  for (const element of value.split(",")) {
    for (const pair of element.split(";")) {
      const eq = pair.indexOf("=");
      if (eq === -1 || pair.slice(0, eq).trim().toLowerCase() !== "for") continue;
      out.push(pair.slice(eq + 1).trim().replace(/^"|"$/g, ""));
    }
  }
  return out;
}

function forwardedChain(headers: Headers, name: AddressSource["forwardedHeader"]): string[] {
  const value = headers.get(name);
  if (!value) return [];
  return name === "forwarded" ? forwardedFor(value) : value.split(",").map((s) => s.trim()).filter(Boolean);
}

/**
 * The client's address as text, from what the app trusts only:
 * 1. a declared platform or proxy header (`header`, `platform`);
 * 2. with `trustedProxies`, the forwarded header: walked from the socket's end, skipping the
 *    listed proxies (only when the socket itself is one of them), or that many hops back;
 * 3. the address the integration handed off (the socket's peer).
 * `undefined` when none applies: the limits then key by account, and routes without one by the
 * signed-in (or waiting) user.
 */
export function clientAddress(request: Request, source: AddressSource): string | undefined {
  if (source.header) return request.headers.get(source.header)?.split(",")[0]?.trim() || undefined;
  const socket = handedOffAddress(request);
  if (source.proxies) {
    if (!socket || !inRanges(socket, source.proxies)) return socket;
    const chain = forwardedChain(request.headers, source.forwardedHeader);
    for (let i = chain.length - 1; i >= 0; i--) if (!inRanges(chain[i]!, source.proxies)) return chain[i];
    return chain[0] ?? socket;
  }
  if (source.proxyCount) {
    const chain = [...forwardedChain(request.headers, source.forwardedHeader), ...(socket ? [socket] : [])];
    // Without a socket (no integration hand-off), the last entry was written by the nearest proxy.
    const hops = socket ? source.proxyCount : source.proxyCount - 1;
    return chain[Math.max(0, chain.length - 1 - hops)];
  }
  return socket;
}

/** The key of the client's network (see `addressKey`), or `undefined` when the address is unknown. */
export function clientKey(request: Request, source: AddressSource): string | undefined {
  const address = clientAddress(request, source);
  return address === undefined ? undefined : addressKey(address, source.ipv6Prefix);
}
