import { describe, expect, test } from "vitest";
import { ScimInvalidPath, ScimMutability, ScimNoTarget, ScimInvalidValue } from "./errors.js";
import { applyPatch } from "./patch.js";
import { enterpriseSchema, groupPatch, userPatch } from "./resources.js";

const user = { id: "u-1", userName: "ada@example.com", active: true, name: { givenName: "Ada" }, emails: [{ value: "ada@example.com", type: "work", primary: true }] };
const patch = (doc: Record<string, unknown>, operations: unknown[], schema = userPatch) => applyPatch(doc, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: operations }, schema);

describe("SCIM PATCH", () => {
  test("Okta: a replace without a path", () => {
    expect(patch(user, [{ op: "replace", value: { active: false } }])).toMatchObject({ active: false, userName: "ada@example.com" });
  });

  test("Entra ID: capitalised ops, a filtered path with a sub-attribute, the extension's attributes under its URN", () => {
    const out = patch(user, [
      { op: "Replace", path: 'emails[type eq "work"].value', value: "ada@new.example" },
      { op: "Add", path: 'emails[type eq "home"].value', value: "ada@home.example" },
      { op: "Replace", path: "name.familyName", value: "Lovelace" },
      { op: "Add", path: `${enterpriseSchema}:department`, value: "R&D" },
      { op: "Replace", path: `${enterpriseSchema}:manager`, value: { value: "boss" } },
      { op: "Replace", value: { "urn:ietf:params:scim:schemas:core:2.0:User:displayName": "Ada L." } },
    ]);
    expect(out.emails).toEqual([{ value: "ada@new.example", type: "work", primary: true }, { type: "home", value: "ada@home.example" }]);
    expect(out.name).toEqual({ givenName: "Ada", familyName: "Lovelace" });
    expect(out[enterpriseSchema]).toEqual({ department: "R&D", manager: { value: "boss" } });
    expect(out.displayName).toBe("Ada L.");
  });

  test("removes: an attribute, a filtered element, members by a value list", () => {
    expect(patch(user, [{ op: "remove", path: "name" }]).name).toBeUndefined();
    expect(patch(user, [{ op: "remove", path: 'emails[type eq "work"]' }]).emails).toEqual([]);
    const group = { id: "g-1", displayName: "A", members: [{ value: "u-1" }, { value: "u-2" }] };
    expect(patch(group, [{ op: "Remove", path: "members", value: [{ value: "u-1" }] }], groupPatch).members).toEqual([{ value: "u-2" }]);
    expect(patch(group, [{ op: "remove", path: 'members[value eq "u-2"]' }], groupPatch).members).toEqual([{ value: "u-1" }]);
    expect(patch(group, [{ op: "add", path: "members", value: [{ value: "u-2" }, { value: "u-3" }] }], groupPatch).members).toEqual([{ value: "u-1" }, { value: "u-2" }, { value: "u-3" }]);
  });

  test("refusals", () => {
    expect(() => patch(user, [{ op: "replace", path: "shoeSize", value: 1 }])).toThrow(ScimInvalidPath);
    expect(() => patch(user, [{ op: "replace", path: "emails[type eq]", value: 1 }])).toThrow(ScimInvalidPath);
    expect(() => patch(user, [{ op: "remove" }])).toThrow(ScimNoTarget);
    expect(() => patch(user, [{ op: "copy", path: "active" }])).toThrow(ScimInvalidValue);
    expect(() => patch(user, [{ op: "replace", path: "active" }])).toThrow(ScimInvalidValue);
    expect(() => patch(user, [{ op: "replace", value: { id: "u-2" } }])).toThrow(ScimMutability);
    expect(() => patch(user, [])).toThrow(ScimInvalidValue);
    expect(() => patch(user, [{ op: "replace", path: 'emails[type ne "x" or value pr].value', value: "x" }])).not.toThrow();
  });

  test("the representation it was given is left as it was", () => {
    const before = JSON.stringify(user);
    patch(user, [{ op: "replace", value: { active: false } }]);
    expect(JSON.stringify(user)).toBe(before);
  });
});

describe("a user resource's attributes", () => {
  test("keep what was sent but the record's own fields, the password and __proto__", async () => {
    const { givenUser } = await import("./resources.js");
    const given = givenUser(JSON.parse('{"userName":"a@example.com","password":"x","id":"y","title":"CTO","__proto__":{"polluted":true}}') as Record<string, unknown>);
    expect(given.attributes).toEqual({ title: "CTO" });
    expect(Object.getPrototypeOf(given.attributes)).toBe(Object.prototype);
  });
});
