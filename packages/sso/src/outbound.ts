/**
 * The requests `@latch/sso` sends to addresses an organization's admin typed (an identity
 * provider's metadata URL, an OpenID issuer): `https:` only, to public addresses only (checked on
 * the address the connection is made to, so a name that resolves anew cannot lead elsewhere), no
 * redirects, a size cap and a timeout. Loopback and private networks only when the app allows them.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP } from "node:net";
import { OutboundRefused } from "./errors.js";

/** Which addresses an admin's URL may lead to, beyond public ones over `https:`. */
export interface OutboundPolicy {
  /** Allow the loopback addresses (127.0.0.0/8, ::1), over `http:` too: for tests and local development. Default `false`. */
  readonly allowLoopback?: boolean;
  /** Allow private, shared and link-local addresses (10/8, 172.16/12, 192.168/16, 100.64/10, 169.254/16, fc00::/7, fe80::/10): an identity provider inside the network. Default `false`. */
  readonly allowPrivateNetworks?: boolean;
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const privateNetworks = new BlockList();
for (const [net, prefix] of [["10.0.0.0", 8], ["172.16.0.0", 12], ["192.168.0.0", 16], ["100.64.0.0", 10], ["169.254.0.0", 16]] as const) privateNetworks.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [["fc00::", 7], ["fe80::", 10]] as const) privateNetworks.addSubnet(net, prefix, "ipv6");

// Never reachable as an identity provider: "this network", multicast, reserved, the unspecified addresses.
const never = new BlockList();
for (const [net, prefix] of [["0.0.0.0", 8], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) never.addSubnet(net, prefix, "ipv4");
never.addAddress("::", "ipv6");
never.addSubnet("ff00::", 8, "ipv6");

function family(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

/** An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Why `address` may not be reached under `policy`, or `null` when it may. */
export function refusedAddress(address: string, policy: OutboundPolicy): string | null {
  const ip = unmapped(address);
  const kind = family(ip);
  if (never.check(ip, kind)) return `${address} is not a reachable address.`;
  if (loopback.check(ip, kind)) return policy.allowLoopback ? null : `${address} is a loopback address.`;
  if (privateNetworks.check(ip, kind)) return policy.allowPrivateNetworks ? null : `${address} is a private or link-local address.`;
  return null;
}

/** The URL when its scheme is allowed: `https:`, or `http:` to a loopback host when the policy allows loopback. */
export function outboundUrl(value: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundRefused("Not a URL.");
  }
  if (url.username || url.password) throw new OutboundRefused("The URL may not carry credentials.");
  if (url.protocol === "https:") return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopbackHost = host === "localhost" || (isIP(host) !== 0 && loopback.check(unmapped(host), family(unmapped(host))));
  if (url.protocol === "http:" && policy.allowLoopback && loopbackHost) return url;
  throw new OutboundRefused("Only https: URLs are fetched.");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for `http.request` that refuses an address the policy does not allow. */
function checkedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.map((entry) => refusedAddress(entry.address, policy)).find((reason) => reason !== null);
      if (refused || !list.length) return callback(Object.assign(new OutboundRefused(refused ?? `${hostname} has no address.`), { code: "EREFUSED" }), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Resolves the URL's host and throws {@link OutboundRefused} when an address is not allowed. */
export async function checkHost(url: URL, policy: OutboundPolicy): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  await new Promise<void>((resolve, reject) => {
    checkedLookup(policy)(host, { all: true }, (error) => (error ? reject(error instanceof OutboundRefused ? error : new OutboundRefused(`${host} does not resolve.`, { cause: error })) : resolve()));
  });
}

/** Limits of {@link fetchText}. */
export interface FetchLimits {
  /** Largest body, bytes. */
  readonly maxBytes: number;
  /** Longest wait for the whole answer, milliseconds. */
  readonly timeoutMs: number;
}

/** GETs `url` under the policy; its body as text. Throws {@link OutboundRefused} for anything but a 200 within the limits. */
export function fetchText(value: string, policy: OutboundPolicy, limits: FetchLimits): Promise<string> {
  const url = outboundUrl(value, policy);
  // A connection to an address literal makes no lookup: the literal is judged here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host) !== 0 ? refusedAddress(host, policy) : null;
  if (literal) return Promise.reject(new OutboundRefused(literal));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { method: "GET", lookup: checkedLookup(policy) as never, headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" }, timeout: limits.timeoutMs }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new OutboundRefused(`The URL answered ${response.statusCode} (redirects are not followed).`));
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > limits.maxBytes) {
        request.destroy();
        return reject(new OutboundRefused(`The document is larger than ${limits.maxBytes} bytes.`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          request.destroy();
          reject(new OutboundRefused(`The document is larger than ${limits.maxBytes} bytes.`));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      response.on("error", (error) => reject(new OutboundRefused("The answer broke off.", { cause: error })));
    });
    const timer = setTimeout(() => request.destroy(new OutboundRefused(`No answer within ${limits.timeoutMs} ms.`)), limits.timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(new OutboundRefused(`No answer within ${limits.timeoutMs} ms.`)));
    request.on("error", (error) => reject(error instanceof OutboundRefused ? error : (error as { cause?: unknown }).cause instanceof OutboundRefused ? (error as { cause: OutboundRefused }).cause : new OutboundRefused(`Could not fetch ${url.origin}: ${(error as Error).message}`, { cause: error })));
    request.end();
  });
}
