/**
 * The requests Okta sends a SCIM 2.0 application, as Okta's SCIM 2.0 provisioning reference
 * describes them ("SCIM 2.0 protocol reference", its user and group operations): before creating a
 * user it looks the user up by `userName` (`filter=userName eq "…"`, `startIndex=1`, `count=100`),
 * creates it with POST, reads it back by id, updates its profile with PUT (the whole user), and
 * deactivates it with a PATCH whose operation has no path (`{ op: "replace", value: { active:
 * false } }`). Groups: POST with `displayName` and no members, PATCH `add` of members (path
 * `members`, value a list of `{ value, display }`), PATCH `remove` of one member by a path with a
 * filter (`members[value eq "…"]`), and a rename by PATCH `replace` without a path whose value
 * carries the group's `id` and new `displayName`. Content type `application/scim+json`.
 */
export const scimContentType = "application/scim+json";

/** `GET /Users?filter=…&startIndex=1&count=100`: the lookup before a create. */
export const lookup = (userName: string) => `Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`;

/** `POST /Users`. */
export const createUser = (userName: string, given: string, family: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  name: { givenName: given, familyName: family },
  emails: [{ primary: true, value: userName, type: "work" }],
  displayName: `${given} ${family}`,
  locale: "en-US",
  externalId: `00u${userName.length}okta${given.toLowerCase()}`,
  groups: [],
  password: "never-kept-1!",
  active: true,
});

/** `PUT /Users/<id>`: the whole user, with a changed family name. */
export const replaceUser = (id: string, userName: string, given: string, family: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  id,
  userName,
  name: { givenName: given, familyName: family },
  emails: [{ primary: true, value: userName, type: "work" }],
  displayName: `${given} ${family}`,
  locale: "en-US",
  externalId: `00u${userName.length}okta${given.toLowerCase()}`,
  groups: [],
  active: true,
  meta: { resourceType: "User" },
});

/** `PATCH /Users/<id>`: deactivation (and, with `true`, reactivation). */
export const setActive = (active: boolean) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [{ op: "replace", value: { active } }],
});

/** `POST /Groups`. */
export const createGroup = (displayName: string) => ({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName, members: [] });

/** `PATCH /Groups/<id>`: members added. */
export const addMembers = (members: { value: string; display: string }[]) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [{ op: "add", path: "members", value: members }],
});

/** `PATCH /Groups/<id>`: one member removed by a path with a filter. */
export const removeMember = (id: string) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [{ op: "remove", path: `members[value eq "${id}"]` }],
});

/** `PATCH /Groups/<id>`: the group renamed. */
export const renameGroup = (id: string, displayName: string) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [{ op: "replace", value: { id, displayName } }],
});
