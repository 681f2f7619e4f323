import { describe, expect, test } from "vitest";
import { Auth } from "../index.js";
import Password from "./password.js";

describe("Password()", () => {
  test("defaults: id password, type credentials, an email and a password field, verified addresses, OWASP's Argon2id", () => {
    const provider = Password();
    expect(provider).toMatchObject({
      id: "password",
      name: "Password",
      type: "credentials",
      requireVerifiedEmail: true,
      rules: {},
      hashParameters: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    });
    expect(provider.credentials).toEqual({
      email: { label: "Email", labelKey: "signInEmailLabel", type: "email", autocomplete: "username", required: true },
      password: { label: "Password", labelKey: "signInPasswordLabel", type: "password", autocomplete: "current-password", required: true },
    });
  });

  test("options are kept aside for config resolution, not written into the defaults or modified", () => {
    const options = Object.freeze({ id: "login", requireVerifiedEmail: false, rules: Object.freeze({ minLength: 12 }) });
    const provider = Password(options);
    expect(provider.id).toBe("password");
    expect(provider.options).toBe(options);
  });

  test("GET providers lists it under its id with the credentials type and URLs", async () => {
    const config = { secret: "password-provider-secret-0123456789abcdef", trustHost: true, providers: [Password({ id: "login" })] };
    const response = await Auth(new Request("http://localhost:3000/auth/providers"), config);
    expect(await response.json()).toEqual({
      login: {
        id: "login",
        name: "Password",
        type: "credentials",
        signinUrl: "http://localhost:3000/auth/signin/login",
        callbackUrl: "http://localhost:3000/auth/callback/login",
      },
    });
  });
});

describe("the built-in sign-in page", () => {
  test("shows the email and password form, posted to the password callback", async () => {
    const config = { secret: "password-provider-secret-0123456789abcdef", trustHost: true, providers: [Password()] };
    const html = await (await Auth(new Request("http://localhost:3000/auth/signin"), config)).text();
    expect(html).toMatch(/<form[^>]+action="http:\/\/localhost:3000\/auth\/callback\/password"/);
    expect(html).toMatch(/<input[^>]+name="email"[^>]+type="email"|<input[^>]+type="email"[^>]+name="email"/);
    expect(html).toMatch(/<input[^>]+name="password"[^>]+type="password"|<input[^>]+type="password"[^>]+name="password"/);
    expect(html).toContain('autocomplete="current-password"');
  });
});
