/** The adapter methods organizations need: checked at start (index.ts), called through store.ts. */
export const organizationMethods = [
  "createOrganization", "getOrganization", "getOrganizationBySlug", "updateOrganization", "deleteOrganization", "listOrganizations",
  "getMember", "listMembers", "updateMemberRole", "deleteMember", "transferOwnership",
  "createInvitation", "getInvitation", "listInvitations", "updateInvitation", "acceptInvitation", "setActiveOrganization",
] as const;
