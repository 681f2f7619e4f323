import { describe, expect, test } from "vitest";
import { ScimInvalidFilter } from "./errors.js";
import { matches, parseFilter } from "./filter.js";
import { userFilterAttributes, userSchema } from "./resources.js";

const parse = (text: string) => parseFilter(text, [userSchema], userFilterAttributes);
const ada = {
  id: "u-1",
  userName: "Ada@Example.com",
  externalId: "00uAbC",
  active: true,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ value: "ada@work.example", type: "work", primary: true }, { value: "ada@home.example", type: "home" }],
  meta: { created: "2026-01-01T00:00:00.000Z" },
};

describe("SCIM filters", () => {
  test.each([
    ['userName eq "ada@example.com"', true],
    ['userName eq "bob@example.com"', false],
    [`${userSchema}:userName eq "ADA@EXAMPLE.COM"`, true],
    ['emails.value eq "ada@home.example"', true],
    ['emails.type eq "other"', false],
    ['externalId eq "00uAbC"', true],
    ['externalId eq "00uabc"', false],
    ["active eq true", true],
    ["active eq false", false],
    ['name.familyName sw "love" and name.givenName ew "DA"', true],
    ['userName co "example" and not (active eq true)', false],
    ['userName eq "x" or (emails.value ew ".example" and active ne false)', true],
    ["title pr", false],
    ["emails pr", true],
    ['meta.created gt "2025-12-31T00:00:00.000Z"', true],
    ['userName ne "ada@example.com"', false],
  ])("%s → %s", (filter, expected) => {
    expect(matches(ada, parse(filter))).toBe(expected);
  });

  test.each([
    'userName eq "unclosed',
    'userName zz "x"',
    'userName eq "a" and',
    "userName eq",
    "userName eq bare",
    '(userName eq "a"',
    'userName eq "a")',
    'nickname2 eq "x"',
    'password eq "x"',
    'emails[type eq "work"] eq "x"',
    'not userName eq "a"',
    "",
    `${"(".repeat(30)}active eq true${")".repeat(30)}`,
    `userName eq "${"a".repeat(1000)}"`,
  ])("%s is invalidFilter", (filter) => {
    expect(() => parse(filter)).toThrow(ScimInvalidFilter);
  });
});
