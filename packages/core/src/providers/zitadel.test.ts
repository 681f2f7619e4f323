import { describe, expect, test } from "vitest";
import Zitadel, { type ZitadelProfile } from "./zitadel.js";
import type { EndpointConfig } from "./types.js";

/** A ZitadelProfile as the provider documents it. */
const sample: ZitadelProfile = {
  amr: ["password", "pwd"],
  aud: ["253912145672847383@latch", "253912043558649865"],
  auth_time: 1718035190,
  azp: "253912145672847383@latch",
  exp: 1718078400,
  iat: 1718035200,
  iss: "https://acme-x1y2z3.zitadel.cloud",
  sub: "253911760447064075",
  email: "road.runner@acme.ch",
  email_verified: true,
  family_name: "Runner",
  given_name: "Road",
  locale: "en",
  name: "Road Runner",
  preferred_username: "road.runner@acme.zitadel.cloud",
  picture: "https://acme-x1y2z3.zitadel.cloud/assets/v1/avatar/253911760447064075",
  updated_at: 1718000000,
  "urn:zitadel:iam:org:project:roles": { admin: { "253911760447064011": "acme.zitadel.cloud" } },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Zitadel", () => {
  test("configuration", () => {
    const provider = Zitadel({});
    expect(provider.id).toBe("zitadel");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBeUndefined(); // required: from options or AUTH_<ID>_ISSUER
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(Zitadel({ issuer: "https://acme-x1y2z3.zitadel.cloud" }).issuer).toBe("https://acme-x1y2z3.zitadel.cloud");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Zitadel(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Zitadel({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "253911760447064075", name: "Road Runner", email: "road.runner@acme.ch", image: "https://acme-x1y2z3.zitadel.cloud/assets/v1/avatar/253911760447064075" });
    expect(typeof user.id).toBe("string");
  });
});
