/** `requestOrigin` and `createActionURL`: the origin an integration builds from a request's scheme and Host. */
import { createActionURL, requestOrigin } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";
import { describe, expect, it } from "vitest";

describe("requestOrigin", () => {
  it.each([
    ["http", "localhost:3000", "http://localhost:3000"],
    ["https:", "app.example.com", "https://app.example.com"],
    ["HTTPS", "app.example.com:8443", "https://app.example.com:8443"],
    ["http", "[::1]:3000", "http://[::1]:3000"],
    ["http", "my_app:8080", "http://my_app:8080"],
  ])("%s + %s → %s", (protocol, host, origin) => {
    expect(requestOrigin(protocol, host).origin).toBe(origin);
  });

  it.each([
    ["file", "app.example.com"],
    ["javascript", "app.example.com"],
    ["http", "user@attacker.example"],
    ["http", "attacker.example/path"],
    ["http", "app.example.com:port"],
    ["http", "[attacker"],
    ["http", "a.example, b.example"],
    ["http", ""],
    ["http", null],
    ["http", "localhost:99999"],
    ["https", "app.example.com:65536"],
  ])("%s + %j is an InvalidRequest", (protocol, host) => {
    expect(() => requestOrigin(protocol, host)).toThrow(InvalidRequest);
  });

  it("says which part is wrong", () => {
    expect(() => requestOrigin("file", "app.example.com")).toThrow("The request's protocol is not http or https.");
    expect(() => requestOrigin("http", "a b")).toThrow("The request's Host header is not a valid host.");
    expect(() => requestOrigin("http", "localhost:99999")).toThrow("The request's Host header is not a valid host.");
  });
});

describe("createActionURL", () => {
  it("AUTH_URL wins over the Host", () => {
    const url = createActionURL("signin", "http", new Headers({ host: "attacker.example" }), { AUTH_URL: "https://app.example.com" }, "/auth");
    expect(url.href).toBe("https://app.example.com/auth/signin");
  });

  it("without an environment object, the Host is used", () => {
    const url = createActionURL("session", "https", new Headers({ host: "app.example.com" }), undefined as unknown as Record<string, string>, "/auth");
    expect(url.href).toBe("https://app.example.com/auth/session");
  });

  it("without AUTH_URL a malformed Host or protocol is an InvalidRequest, not a TypeError", () => {
    expect(() => createActionURL("signin", "http", new Headers({ host: "a b" }), {}, "/auth")).toThrow(InvalidRequest);
    expect(() => createActionURL("signin", "http", new Headers({ host: "app.example", "x-forwarded-proto": "file" }), {}, "/auth")).toThrow(InvalidRequest);
  });
});
