/**
 * Notion sign-in over OAuth 2 (public integrations).
 *
 * @module providers/notion
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The Notion API version the profile request sends in `Notion-Version`. */
export const NOTION_API_VERSION = "2022-06-28";

/** A person user of the Notion API (https://developers.notion.com/reference/user). */
export interface NotionProfile {
  object: "user";
  /** The user's UUID. */
  id: string;
  type: "person";
  name: string | null;
  avatar_url: string | null;
  /** Present when the integration has the "read user information including email" capability. */
  person: { email?: string };
}

/** The owner of a Notion integration token: a user for public integrations. */
export interface NotionOwner {
  type: "user" | "workspace";
  user?: NotionProfile;
  workspace?: true;
}

/** The bot user `GET /v1/users/me` returns for an integration token. */
interface NotionBotUser {
  object: "user";
  id: string;
  type: "bot";
  bot?: { owner?: NotionOwner; workspace_name?: string | null };
}

function isPerson(user: unknown): user is NotionProfile {
  return !!user && typeof user === "object" && "id" in user && "type" in user && user.type === "person";
}

/**
 * Sign in with Notion. Notion's token response names the user who installed the integration in
 * `owner.user`; that is the profile. When the token response lacks it, the profile request reads
 * `GET /v1/users/me`, whose bot user carries the same owner. A `null` `refresh_token` in the token
 * response (older integrations) is dropped, as RFC 6749 allows only a string.
 *
 * Create a public integration and add `<origin>/auth/callback/notion` to its redirect URIs.
 * `AUTH_NOTION_ID` and `AUTH_NOTION_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Notion from "@latch/core/providers/notion"
 *
 * const providers = [Notion({})] // AUTH_NOTION_ID / AUTH_NOTION_SECRET
 * ```
 */
export default function Notion(options: OAuthUserConfig<NotionProfile> = {}): OAuth2Config<NotionProfile> {
  const api = "https://api.notion.com/v1";
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: `${api}/oauth/authorize`, params: { owner: "user" } },
    token: {
      url: `${api}/oauth/token`,
      async conform(response) {
        if (!response.ok) return undefined;
        const body: unknown = await response.clone().json().catch(() => undefined);
        if (!body || typeof body !== "object" || !("refresh_token" in body) || typeof body.refresh_token === "string") {
          return undefined;
        }
        const { refresh_token: _dropped, ...rest } = body;
        return Response.json(rest, { status: response.status, headers: response.headers });
      },
    },
    userinfo: {
      url: `${api}/users/me`,
      async request({ tokens, provider }) {
        const owner = tokens.owner as NotionOwner | undefined;
        if (isPerson(owner?.user)) return owner.user;
        const response = await provider.fetch(`${api}/users/me`, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, "Notion-Version": NOTION_API_VERSION },
        });
        if (!response.ok) throw new Error(`Notion /v1/users/me answered HTTP ${response.status}`);
        const bot = (await response.json()) as NotionBotUser;
        const user = bot.bot?.owner?.user;
        if (!isPerson(user)) throw new Error("Notion token is not owned by a user (workspace-level integration)");
        return user;
      },
    },
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.person?.email ?? null, image: profile.avatar_url };
    },
    style: { bg: "#fff", text: "#000" },
    options,
  } satisfies OAuth2Config<NotionProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Notion itself, as `import` gives it.
export { Notion as "module.exports" };
