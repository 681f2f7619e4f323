import { describe, expect, test } from "vitest";
import MicrosoftEntraID, { type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js";
import type { EndpointConfig } from "./types.js";

/** A MicrosoftEntraIDProfile as the provider documents it. */
const sample: MicrosoftEntraIDProfile = {
  ver: "2.0",
  iss: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
  sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
  aud: "6cb04018-a3f5-46a7-b995-940c78f5aef3",
  exp: 1536361411,
  iat: 1536274711,
  nbf: 1536274711,
  name: "Abe Lincoln",
  preferred_username: "AbeLi@microsoft.com",
  email: "AbeLi@microsoft.com",
  oid: "00000000-0000-0000-66f3-3332eca7ea81",
  tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
  nonce: "123523",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("MicrosoftEntraID", () => {
  test("configuration", () => {
    const provider = MicrosoftEntraID({});
    expect(provider.id).toBe("microsoft-entra-id");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://login.microsoftonline.com/common/v2.0");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(MicrosoftEntraID({ tenantId: "contoso.onmicrosoft.com" }).issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0");
    expect(MicrosoftEntraID({ issuer: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0" }).issuer)
      .toBe("https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = MicrosoftEntraID(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await MicrosoftEntraID({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", name: "Abe Lincoln", email: "AbeLi@microsoft.com", image: null });
    expect(typeof user.id).toBe("string");
  });
});
