/** The adapter methods organizations need: checked at the first request (check.ts), called through store.ts. */
export const organizationMethods = [
  "createOrganization", "getOrganization", "getOrganizationBySlug", "updateOrganization", "deleteOrganization", "listOrganizations",
  "getMember", "listMembers", "updateMemberRole", "deleteMember", "transferOwnership",
  "createInvitation", "getInvitation", "listInvitations", "updateInvitation", "acceptInvitation",
  "createOrganizationRole", "listOrganizationRoles", "deleteOrganizationRole", "setActiveOrganization",
] as const;

/** The adapter methods teams need (`Organizations({ teams: true })`): checked with the others, called through store.ts. */
export const teamMethods = ["createTeam", "getTeam", "updateTeam", "deleteTeam", "listTeams", "addTeamMember", "removeTeamMember", "listTeamMembers", "listUserTeams"] as const;
