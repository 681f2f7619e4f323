/** The adapter methods `Scim()` needs (`ScimAdapter`, beside the contract): checked at start by its record's `check`, called through store.ts. */
export const scimMethods = [
  "createScimUser", "getScimUser", "listScimUsers", "updateScimUser", "deleteScimUser", "addMember",
  "createScimGroup", "getScimGroup", "listScimGroups", "updateScimGroup", "deleteScimGroup",
] as const;
