/**
 * The requests Microsoft Entra ID's provisioning service sends a SCIM 2.0 application, as its
 * tutorial "Develop and plan provisioning for a SCIM endpoint" lays them out (its user operations
 * and their request/response examples): a lookup by `userName` (`filter=userName eq "…"`, the
 * value quoted), a POST carrying the enterprise extension
 * (`urn:ietf:params:scim:schemas:extension:enterprise:2.0:User`) with `department` and `manager`,
 * PATCH operations with `op` capitalised (`"Replace"`, `"Add"`) and `path` forms such as
 * `emails[type eq "work"].value`, `name.familyName` and the extension's attributes under its URN,
 * a deactivation whose value is the text `"False"` (what older builds send, before the
 * `aadOptscim062020` behaviour flag), and DELETE. Groups: `Add`/`Remove` of `members` with a value
 * list. Content type `application/scim+json`.
 */
export const enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

/** `GET /Users?filter=userName eq "…"`. */
export const lookup = (userName: string) => `Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`;

/** `POST /Users` with the enterprise extension. */
export const createUser = (userName: string, externalId: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", enterprise],
  externalId,
  userName,
  active: true,
  addresses: [{ primary: true, type: "work", country: "NL", locality: "Utrecht" }],
  displayName: "Test User",
  emails: [{ primary: true, type: "work", value: userName }],
  meta: { resourceType: "User" },
  name: { familyName: "User", givenName: "Test" },
  title: "Engineer",
  [enterprise]: { department: "Research", employeeNumber: "701", manager: { value: "boss-1" } },
});

/** `PATCH /Users/<id>`: attribute changes with capitalised operations and path forms. */
export const updateAttributes = (newAddress: string) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [
    { op: "Replace", path: 'emails[type eq "work"].value', value: newAddress },
    { op: "Replace", path: "name.familyName", value: "Renamed" },
    { op: "Add", path: `${enterprise}:department`, value: "Platform" },
    { op: "Replace", path: "displayName", value: "Test Renamed" },
  ],
});

/** `PATCH /Users/<id>`: deactivation as older builds send it (the boolean as text). */
export const deactivate = {
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [{ op: "Replace", path: "active", value: "False" }],
};

/** `PATCH /Groups/<id>`: members added, or removed by a value list. */
export const members = (op: "Add" | "Remove", ids: string[]) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations: [{ op, path: "members", value: ids.map((value) => ({ value })) }],
});
