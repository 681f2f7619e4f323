/**
 * What the HTTP-API email providers share: the `fetch` to use, the `From` split into name and
 * address, and one way to send a request and turn a refusal into an error that leaks nothing.
 */
import { customFetch } from "../fetch.js";

/** The option every HTTP-API email provider has: the `fetch` to send with. */
export interface CustomFetchOption {
  /** The `fetch` to send with (a proxy, tests). Default the global `fetch`. */
  [customFetch]?: typeof fetch;
}

/** The `fetch` of a provider: its `[customFetch]` when set, else the global one. */
export function fetchOf(provider: CustomFetchOption): typeof fetch {
  return provider[customFetch] ?? fetch;
}

/** `"Name <a@b.c>"` → `{ name: "Name", email: "a@b.c" }`; a bare address → `{ email }`. */
export function splitAddress(from: string): { name?: string; email: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!match) return { email: from.trim() };
  const name = match[1]!.replace(/^"(.*)"$/, "$1");
  return name ? { name, email: match[2]!.trim() } : { email: match[2]!.trim() };
}

/** The base URL without trailing slashes, so paths can be appended. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The error's text: the service's own message when the body has one, never a link. */
async function refusal(response: Response): Promise<string> {
  let detail = "";
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    const errors = Array.isArray(body?.errors) ? (body!.errors as Array<{ message?: unknown }>) : [];
    const message = body?.message ?? body?.Message ?? errors[0]?.message;
    if (typeof message === "string") detail = `: ${message.replace(/https?:\/\/\S+/g, "[url]").slice(0, 200)}`;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${response.status}${detail}`;
}

/**
 * Sends one API request and resolves when the service accepted it (any 2xx). Otherwise throws an
 * `Error` naming the service and status, with the service's message but never a link.
 */
export async function sendMailRequest(service: string, send: typeof fetch, url: string, init: RequestInit): Promise<void> {
  const response = await send(url, init);
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  throw new Error(`${service} did not accept the email (${await refusal(response)}).`);
}

/** The provider's `apiKey`, or an error that says how to set it. */
export function apiKeyOf(provider: { id: string; apiKey?: string }, service: string): string {
  if (provider.apiKey) return provider.apiKey;
  const variable = `AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_KEY`;
  throw new Error(`The ${service} provider "${provider.id}" has no API key: set \`apiKey\` or ${variable}.`);
}
