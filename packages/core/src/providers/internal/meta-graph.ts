// Shared by the provider modules; internal: package.json maps ./providers/internal/* to null.
import type { OAuthConfig, TokenSet } from "../types.js";
import { endpointUrl } from "./endpoint-url.js";

/**
 * The `userinfo.request` of Meta's Graph APIs (Facebook, Instagram, Threads): `GET <url>/me` with
 * the `fields` to return — the user's `userinfo` URL or `params.fields` win over the defaults —
 * and the access token as a bearer header or, where the API reads it there, the `access_token`
 * query parameter.
 */
export function graphMe<P>(api: string, defaultUrl: string, fields: string, token: "header" | "query") {
  return async ({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig<P> & { fetch: typeof fetch } }): Promise<P> => {
    const endpoint = provider.userinfo;
    const url = new URL(endpointUrl(endpoint) ?? defaultUrl);
    const params = typeof endpoint === "object" ? endpoint.params : undefined;
    if (!url.searchParams.has("fields")) url.searchParams.set("fields", params?.fields ?? fields);
    if (token === "query") url.searchParams.set("access_token", String(tokens.access_token));
    const headers: Record<string, string> = token === "header" ? { Authorization: `Bearer ${tokens.access_token}` } : {};
    const response = await provider.fetch(url, { headers });
    if (!response.ok) throw new Error(`${api} /me answered HTTP ${response.status}`);
    return (await response.json()) as P;
  };
}
