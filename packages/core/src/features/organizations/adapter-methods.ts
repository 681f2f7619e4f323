/** The adapter methods organizations need: checked at the first request (check.ts), called through store.ts. */
export const organizationMethods = [
  "createOrganization", "getOrganization", "getOrganizationBySlug", "updateOrganization", "deleteOrganization", "listOrganizations",
  "getMember", "listMembers", "updateMemberRole", "deleteMember", "transferOwnership",
  "createInvitation", "getInvitation", "listInvitations", "updateInvitation", "acceptInvitation",
  "createOrganizationRole", "listOrganizationRoles", "deleteOrganizationRole", "setActiveOrganization",
] as const;
