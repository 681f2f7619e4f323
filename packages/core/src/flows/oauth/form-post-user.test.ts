import { describe, expect, test } from "vitest";
import { formPostUser } from "./form-post-user.js";
import { unverifiedJwtPart } from "./jwt-parts.js";

const posted = (user: unknown) => ({ method: "POST" as const, body: { user: typeof user === "string" ? user : JSON.stringify(user) } });

describe("the user field Apple posts with the code", () => {
  test.each([
    [{ name: { firstName: "Ada", lastName: "Lovelace" }, email: "ada@example.com" }, { name: { firstName: "Ada", lastName: "Lovelace" }, email: "ada@example.com" }],
    [{ name: { firstName: "Ada" } }, { name: { firstName: "Ada" } }],
    [{ name: { lastName: "Lovelace" } }, { name: { lastName: "Lovelace" } }],
    [{ name: { firstName: "", lastName: "" }, email: "ada@example.com" }, { email: "ada@example.com" }],
    [{ name: "Ada Lovelace", email: 42 }, undefined],
    [{ name: { firstName: 7 } }, undefined],
    [{}, undefined],
    [[{ email: "ada@example.com" }], undefined],
    ["not json", undefined],
    ["null", undefined],
  ])("%j → %j", (user, expected) => {
    expect(formPostUser(posted(user))).toEqual(expected);
  });

  test("only a POST carries it; a query or a missing field gives nothing", () => {
    expect(formPostUser({ method: "GET", body: { user: JSON.stringify({ email: "ada@example.com" }) } })).toBeUndefined();
    expect(formPostUser({ method: "POST", body: {} })).toBeUndefined();
    expect(formPostUser({ method: "POST", body: undefined })).toBeUndefined();
  });
});

describe("reading a part of a compact JWS without verifying it", () => {
  const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

  test("the header and the payload when they are JSON objects", () => {
    const jwt = `${b64({ alg: "HS256" })}.${b64({ sub: "1" })}.sig`;
    expect(unverifiedJwtPart(jwt, 0)).toEqual({ alg: "HS256" });
    expect(unverifiedJwtPart(jwt, 1)).toEqual({ sub: "1" });
  });

  test.each([
    ["", 0],
    ["onlyone", 1],
    [`${b64([1, 2])}.x.y`, 0],
    [`${b64("text")}.x.y`, 0],
    [`${b64(null)}.x.y`, 0],
    ["%%%.x.y", 0],
  ] as const)("%j part %i → undefined", (jwt, index) => {
    expect(unverifiedJwtPart(jwt, index)).toBeUndefined();
  });
});
