import * as o from "oauth4webapi";
import { customFetch } from "../../fetch.js";
import type { InternalOAuthProvider } from "../../config/providers.js";

/** Loopback host names: the only ones reached over plain `http:`. */
const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** True for `http://127.0.0.1`, `http://localhost` and `http://[::1]` URLs (any port). */
export function isLoopbackHttp(url: string | URL | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" && loopbackHosts.has(parsed.hostname);
  } catch {
    return false;
  }
}

/** The `fetch` a provider's HTTP calls go through: its `[customFetch]`, else the global one. */
export function fetchOf(provider: InternalOAuthProvider): typeof fetch {
  const own = (provider as { [customFetch]?: typeof fetch })[customFetch];
  return own ?? ((input, init) => fetch(input, init));
}

/**
 * oauth4webapi request options for a call to `target`: the provider's fetch, and plain HTTP allowed
 * only when `target` itself is a loopback URL. oauth4webapi refuses `http:` URLs by default
 * (RFC 6749 section 3.1/3.2 ask for TLS); a provider running on this machine for development or
 * tests has no certificate, so that one case is let through, per request URL, never any other.
 */
export function requestOptions(provider: InternalOAuthProvider, target: string | URL | undefined): o.HttpRequestOptions<any, any> {
  const send = fetchOf(provider);
  const options: o.HttpRequestOptions<any, any> = {
    [o.customFetch]: (url: string, init: o.CustomFetchOptions<any, any>) => send(url, init as RequestInit),
  };
  if (isLoopbackHttp(target)) options[o.allowInsecureRequests] = true;
  return options;
}
