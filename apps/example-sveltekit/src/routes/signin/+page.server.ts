import { signIn } from "../../auth";
import type { Actions, PageServerLoad } from "./$types";

export const load: PageServerLoad = async ({ url }) => ({
  redirectTo: url.searchParams.get("redirectTo") ?? "/",
  // Errors arrive in the query: of redirect-based flows (OAuth, email links), and of a refused
  // password, which the action sends to the sign-in page as `?error=CredentialsSignin&code=…`.
  error: url.searchParams.get("error"),
});

export const actions: Actions = { default: signIn };
