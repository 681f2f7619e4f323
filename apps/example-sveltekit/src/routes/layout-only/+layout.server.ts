import { redirect } from "@sveltejs/kit";
import type { LayoutServerLoad } from "./$types";

// A COUNTER-EXAMPLE, kept to show why a layout load alone is not protection: this guard runs for
// the page below when it is rendered, but not for the `export` endpoint beside it (nor for form
// actions, which run before any load). Protect in each page's load or in the hook instead.
export const load: LayoutServerLoad = async ({ locals }) => {
  const session = await locals.auth();
  if (!session?.user) redirect(303, "/signin?redirectTo=/layout-only");
  return {};
};
