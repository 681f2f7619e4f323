import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { adapter } from "@/lib/database";
import { ActiveOrganization, SwitchButton } from "./switch";

/** The user's organizations, the active one, and the links to Latch's built-in organization pages. */
export default async function Organizations() {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) redirect("/signin?callbackUrl=%2Forganizations");
  const mine = await adapter.listOrganizations(userId);
  return (
    <main>
      <h1>Organizations</h1>
      <p>
        Active: <strong id="active-organization"><ActiveOrganization /></strong>
      </p>
      <ul>
        {mine.map((organization) => (
          <li key={organization.id} data-organization={organization.slug}>
            <strong>{organization.name}</strong> ({organization.role}){" "}
            <SwitchButton id={organization.id} slug={organization.slug} />{" "}
            <a href={`/api/auth/organizations/members?organizationId=${organization.id}`}>Members</a>{" "}
            <a href={`/api/auth/organizations/invitations?organizationId=${organization.id}`}>Invitations</a>{" "}
            <a href={`/api/auth/organizations/roles?organizationId=${organization.id}`}>Roles</a>
          </li>
        ))}
      </ul>
      <p>
        <a href="/api/auth/organizations">Create or switch organizations (built-in page)</a> · <a href="/organizations/owner">Owner settings</a>
      </p>
    </main>
  );
}
