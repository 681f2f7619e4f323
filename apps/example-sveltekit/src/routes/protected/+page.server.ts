import { redirect } from "@sveltejs/kit";
import type { PageServerLoad } from "./$types";

// Per-route protection: this page's own load checks the session (303 to sign-in without one).
export const load: PageServerLoad = async ({ locals, url }) => {
  const session = await locals.auth();
  if (!session?.user) redirect(303, `/signin?redirectTo=${encodeURIComponent(url.pathname)}`);
  return { user: session.user };
};
