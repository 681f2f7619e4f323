// The `fetch` given to `userinfo.request` below is a stand-in for Notion's API (api.notion.com),
// which cannot be reached offline: it answers the way the provider documents.
import { describe, expect, test } from "vitest";
import Notion, { type NotionProfile } from "./notion.js";
import type { EndpointConfig, UserinfoEndpointConfig, TokenEndpointConfig } from "./types.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

/** A NotionProfile as the provider documents it. */
const sample: NotionProfile = {
  object: "user",
  id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
  type: "person",
  name: "Avocado Lovelace",
  avatar_url: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg",
  person: { email: "avo@example.org" },
};

const tokens = {
  access_token: "secret_abc",
  token_type: "bearer" as const,
  bot_id: "b3414d659-1224-5ty7-6ffr-cc9d8773drt6",
  workspace_id: "j565j4d7x3-2882-61bs-564a-jj9d9ui-c36hxfr7x",
  workspace_name: "Ada's Notion Workspace",
  workspace_icon: "https://example.com/icon.png",
  duplicated_template_id: null,
  owner: { type: "user", user: sample },
};

describe("Notion", () => {
  test("configuration", () => {
    const provider = Notion({});
    expect(provider.id).toBe("notion");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://api.notion.com/v1/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://api.notion.com/v1/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.notion.com/v1/users/me");
    expect((provider.authorization as EndpointConfig).params?.owner).toBe("user");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Notion(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Notion({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6", name: "Avocado Lovelace", email: "avo@example.org", image: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg" });
    expect(typeof user.id).toBe("string");
  });

  test("userinfo.request takes the owner from the token response, without a call", async () => {
    const provider = Notion({});
    const api = fakeProvider({});
    expect(await (provider.userinfo as UserinfoEndpointConfig<NotionProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } })).toEqual(sample);
    expect(api.seen).toHaveLength(0);
  });

  test("userinfo.request falls back to /v1/users/me", async () => {
    const provider = Notion({});
    const api = fakeProvider({
      "/v1/users/me": { object: "user", id: "9a3b5ae0-c6e6-482d-b0e1-ed315ee6dc57", type: "bot", bot: { owner: { type: "user", user: sample } } },
    });
    const { owner: _owner, ...withoutOwner } = tokens;
    expect(await (provider.userinfo as UserinfoEndpointConfig<NotionProfile>).request!({ tokens: withoutOwner, provider: { ...provider, fetch: api.fetch } })).toEqual(sample);
    expect(api.seen[0]!.headers.get("notion-version")).toBe("2022-06-28");
    const workspaceOwned = fakeProvider({ "/v1/users/me": { object: "user", id: "x", type: "bot", bot: { owner: { type: "workspace", workspace: true } } } });
    await expect((provider.userinfo as UserinfoEndpointConfig<NotionProfile>).request!({ tokens: withoutOwner, provider: { ...provider, fetch: workspaceOwned.fetch } })).rejects.toThrow(/workspace/);
  });

  test("token.conform drops a null refresh_token", async () => {
    const conform = (Notion({}).token as TokenEndpointConfig).conform!;
    const fixed = await conform(Response.json({ access_token: "a", token_type: "bearer", refresh_token: null }));
    expect(await fixed!.json()).toEqual({ access_token: "a", token_type: "bearer" });
    expect(await conform(Response.json({ access_token: "a", token_type: "bearer", refresh_token: "r" }))).toBeUndefined();
  });
});
