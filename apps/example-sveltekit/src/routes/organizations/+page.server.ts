import { redirect } from "@sveltejs/kit";
import type { PageServerLoad } from "./$types";

/** An organization as `GET /auth/organizations` lists it, with the user's role. */
interface Listed {
  id: string;
  name: string;
  slug: string;
  role: string;
}

// The user's organizations from Latch's own endpoint (SvelteKit's fetch sends the request's cookies).
export const load: PageServerLoad = async ({ locals, fetch, url }) => {
  const session = await locals.auth();
  if (!session?.user) redirect(303, `/signin?redirectTo=${encodeURIComponent(url.pathname)}`);
  const { organizations } = (await (await fetch("/auth/organizations")).json()) as { organizations: Listed[] };
  return { organizations };
};
