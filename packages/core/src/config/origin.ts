/**
 * The origin rule: where the origin of every URL Latch writes comes from. `siteUrl` (`AUTH_URL`)
 * wins when it is set; otherwise the request's origin, which the integration built from a trusted
 * `Host` (`trustHost`, checked by `assertConfig`). `resolveConfig` builds every URL Latch writes
 * from that one origin.
 */
import { UntrustedHost } from "../errors.js";

/** `siteUrl` as a URL, or an `UntrustedHost` error that says why it cannot be used. */
export function parseSiteUrl(siteUrl: string): URL | UntrustedHost {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return new UntrustedHost("`siteUrl` (AUTH_URL) is not a URL: set it to your site's address, such as https://app.example.com.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return new UntrustedHost("`siteUrl` (AUTH_URL) must be an http: or https: URL.");
  }
  if (url.username || url.password) {
    return new UntrustedHost("`siteUrl` (AUTH_URL) must not carry a user name or password.");
  }
  return url;
}

/**
 * The origin `siteUrl` (`AUTH_URL`) fixes for every request, or `undefined` when it is unset (or
 * invalid, which `assertConfig` reports): then each request's own origin is used. Computed once per
 * config, so a `Host` header or request line naming another host changes nothing.
 *
 * @example
 * ```ts
 * configuredOrigin("https://app.example.com/auth") // → "https://app.example.com"
 * configuredOrigin(undefined)                      // → undefined: the request's origin is used
 * ```
 */
export function configuredOrigin(siteUrl: string | undefined): string | undefined {
  if (siteUrl === undefined) return undefined;
  const parsed = parseSiteUrl(siteUrl);
  return parsed instanceof URL ? parsed.origin : undefined;
}
