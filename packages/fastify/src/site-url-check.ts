import type { AuthConfig } from "@latch/core";

/** Headers a reverse proxy adds: a request that carries one may name the proxy's upstream in `Host`. */
const forwardingHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"];

const warned = new WeakSet<object>();

/**
 * Warns once per config when `siteUrl` (AUTH_URL) names another host than the one a client reached
 * directly: every URL Latch writes goes to `siteUrl`, so the pages served here would post
 * elsewhere. A request through a proxy (it carries a forwarding header) is not compared.
 */
export function warnOnOtherHost(header: (name: string) => string | undefined, config: AuthConfig): void {
  if (!config.siteUrl || warned.has(config)) return;
  const host = header("host")?.toLowerCase();
  if (!host || forwardingHeaders.some((name) => header(name) !== undefined)) return;
  let site: URL;
  try {
    site = new URL(config.siteUrl);
  } catch {
    return; // core reports an invalid siteUrl as a configuration error
  }
  if (site.host === host) return;
  warned.add(config);
  const message = `AUTH_URL (siteUrl) is ${site.origin}, but this request came to ${host}: the pages Latch serves here post to ${site.origin}. Set AUTH_URL to the address people use, or leave it unset and set AUTH_TRUST_HOST=true behind a proxy you control.`;
  if (config.logger?.warn) config.logger.warn("site-url-mismatch", message);
  else console.warn(`\x1b[33m[latch][warn]\x1b[0m site-url-mismatch`, message);
}
