// Shared by the provider modules; internal: package.json maps ./providers/internal/* to null.
import type { EndpointConfig } from "../types.js";

/**
 * The URL of an endpoint given as a string or as `{ url }`. Providers whose `userinfo.request`
 * calls the API themselves read it from the resolved provider, so a `userinfo` URL in the user's
 * options is honoured.
 *
 * @example
 * ```ts
 * async request({ tokens, provider }) {
 *   const url = endpointUrl(provider.userinfo) ?? "https://api.example.com/me";
 *   return (await provider.fetch(url, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).json();
 * }
 * ```
 */
export function endpointUrl(endpoint: string | EndpointConfig | undefined): string | undefined {
  return typeof endpoint === "string" ? endpoint : endpoint?.url;
}
