import { fail } from "@sveltejs/kit";
import { CredentialsSignin } from "@latch/sveltekit";
import { signIn } from "../../auth";
import type { Actions, PageServerLoad } from "./$types";

export const load: PageServerLoad = async ({ url }) => ({
  redirectTo: url.searchParams.get("redirectTo") ?? "/",
  // Errors of redirect-based flows (OAuth, email links) arrive in the query.
  error: url.searchParams.get("error"),
});

export const actions: Actions = {
  // A refused password is thrown to the action, which shows it on the page.
  default: async (event) => {
    try {
      return await signIn(event);
    } catch (error) {
      if (error instanceof CredentialsSignin) return fail(400, { error: error.type, code: error.code });
      throw error;
    }
  },
};
