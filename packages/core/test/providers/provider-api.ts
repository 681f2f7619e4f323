// Test helpers shared by the provider tests. The fake `fetch` stands in for providers' APIs,
// which cannot be reached offline.
import { mergeProviders } from "../../src/config/providers.js";
import type { EndpointConfig, OAuthConfig } from "../../src/providers/types.js";

/** A request the fake provider received. */
export interface Seen {
  url: URL;
  method: string;
  headers: Headers;
}

/** A `fetch` that answers like the provider: `routes` maps a URL path to a JSON body or a status. */
export function fakeProvider(routes: Record<string, unknown>): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers) });
    const answer = routes[url.pathname];
    if (answer === undefined) return new Response("not found", { status: 404 });
    if (typeof answer === "number") return new Response(null, { status: answer });
    return Response.json(answer);
  };
  return { fetch: fakeFetch as typeof fetch, seen };
}

/** The URL of an endpoint given as a string or as `{ url }`. */
export function urlOf(endpoint: unknown): URL {
  return new URL(typeof endpoint === "string" ? endpoint : (endpoint as EndpointConfig).url!);
}

/** The provider as config resolution makes it: options merged, relative endpoints resolved against `issuer`. */
export function resolved<P>(provider: OAuthConfig<P>): OAuthConfig<P> {
  return mergeProviders([provider as never])[0] as OAuthConfig<P>;
}
