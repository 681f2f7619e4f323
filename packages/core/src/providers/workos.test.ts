import { describe, expect, test } from "vitest";
import WorkOS, { type WorkOSProfile } from "./workos.js";
import type { EndpointConfig } from "./types.js";
import { setEnvDefaults } from "../config/env.js";
import { mergeProviders } from "../config/providers.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

/** A WorkOSProfile as the provider documents it. */
const sample: WorkOSProfile = {
  object: "profile",
  id: "prof_01DMC79VCBZ0NY2099737PSVF1",
  connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
  connection_type: "OktaSAML",
  organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
  email: "todd@example.com",
  first_name: "Todd",
  last_name: "Rundgren",
  idp_id: "00u1a0ufowBJlzPlk357",
  role: { slug: "admin" },
  groups: ["Engineering", "Admins"],
  custom_attributes: {},
  raw_attributes: { picture: "https://example.com/todd.png" },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("WorkOS", () => {
  test("configuration", () => {
    const provider = resolved(WorkOS({}));
    expect(provider.id).toBe("workos");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://api.workos.com/sso/authorize");
    expect(urlOf(provider.token).href).toBe("https://api.workos.com/sso/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.workos.com/sso/profile");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");
    const pinned = resolved(WorkOS({ connection: "conn_01E4ZCR3C56J083X43JQXF3JK5", issuer: "https://auth.example.com" }));
    expect((pinned.authorization as EndpointConfig).params).toEqual({ connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" });
    expect(urlOf(pinned.token).href).toBe("https://auth.example.com/sso/token");
  });

  test("AUTH_WORKOS_ISSUER moves every endpoint", () => {
    const config = { providers: [WorkOS({ connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" })] };
    setEnvDefaults({ AUTH_WORKOS_ISSUER: "https://auth.example.com/" }, config);
    const [provider] = mergeProviders(config.providers) as [ReturnType<typeof WorkOS>];
    expect(urlOf(provider.authorization).href).toBe("https://auth.example.com/sso/authorize");
    expect(urlOf(provider.token).href).toBe("https://auth.example.com/sso/token");
    expect(urlOf(provider.userinfo).href).toBe("https://auth.example.com/sso/profile");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = WorkOS(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await WorkOS({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "prof_01DMC79VCBZ0NY2099737PSVF1", name: "Todd Rundgren", email: "todd@example.com", image: "https://example.com/todd.png" });
    expect(typeof user.id).toBe("string");
  });
});
