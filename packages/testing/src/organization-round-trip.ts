/**
 * An organization's life through `Auth()` on a given adapter: made by a signed-in user, made the
 * session's active organization, read back with the session. Shared by the SQL adapters' tests.
 */
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter, OrganizationAdapter } from "@latch/core/adapters";
import { Organizations } from "@latch/core/organizations";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import type { JsonAnswer } from "./api-key-round-trip.js";
import { handlerClient } from "./handler-client.js";

/** What {@link organizationRoundTrip} saw. */
export interface OrganizationRoundTrip {
  /** The user who made the organization. */
  userId: string;
  /** The slug the organization was made with. */
  slug: string;
  /** The answer of `POST <base>/organizations/create`. */
  created: JsonAnswer;
  /** The answer of a second `POST <base>/organizations/create` with the same slug, by another user. */
  clash: JsonAnswer;
  /** `GET <base>/session` before any organization is active. */
  before: JsonAnswer;
  /** The answer of `POST <base>/organizations/switch` to the organization. */
  switched: JsonAnswer;
  /** `GET <base>/session` after the switch. */
  after: JsonAnswer;
  /** `GET <base>/organizations`: the user's organizations with their role. */
  listed: JsonAnswer;
  /** The other user's organizations after the refused clash (none). */
  clashOwned: unknown;
}

const origin = "http://localhost:3000";

async function json(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * Runs an organization's life through `Auth()` with `Organizations()` and database sessions on
 * `adapter` (tables already migrated) and reports each answer. The adapter must create users and
 * passwords and hold the `OrganizationAdapter` methods.
 *
 * @example
 * ```ts
 * const trip = await organizationRoundTrip(KyselyAdapter(db))
 * expect(trip.after.body).toMatchObject({ organization: { slug: trip.slug, role: "owner" } })
 * ```
 */
export async function organizationRoundTrip(adapter: Adapter & OrganizationAdapter): Promise<OrganizationRoundTrip> {
  const config: AuthConfig = {
    secret: "organization-round-trip-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    providers: [Password()],
    session: { strategy: "database" },
    organizations: Organizations(),
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
  const handle = (request: Request) => Auth(request, config as Omit<AuthConfig, "raw">);
  const signIn = async (name: string) => {
    const email = `${name}-${crypto.randomUUID()}@example.com`;
    const user = await adapter.createUser!({ id: crypto.randomUUID(), email, name, image: null, emailVerified: new Date() });
    await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });
    const client = handlerClient(handle, { origin });
    const signedIn = await client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password: "copper lantern 77" });
    if (signedIn.headers.get("location") !== `${origin}/home`) throw new Error(`the sign-in was refused (${signedIn.headers.get("location")})`);
    const postJson = async (path: string, body: Record<string, unknown>) =>
      json(await client.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken: await client.csrf(), ...body }) }));
    const get = async (path: string) => json(await client.request(path));
    return { user, postJson, get };
  };

  const owner = await signIn("owner");
  const slug = `acme-${crypto.randomUUID().slice(0, 8)}`;
  const created = await owner.postJson("/auth/organizations/create", { name: "Acme", slug, metadata: { plan: "pro" } });
  const organizationId = (created.body as { organization?: { id: string } } | null)?.organization?.id;

  const other = await signIn("other");
  const clash = await other.postJson("/auth/organizations/create", { name: "Acme again", slug });
  const clashOwned = await adapter.listOrganizations(other.user.id);

  const before = await owner.get("/auth/session");
  const switched = await owner.postJson("/auth/organizations/switch", { organizationId });
  const after = await owner.get("/auth/session");
  const listed = await owner.get("/auth/organizations");
  return { userId: owner.user.id, slug, created, clash, before, switched, after, listed, clashOwned };
}
