// The session on the server: a query for pages, and the app's own sign-in and sign-out actions
// (a server-side signIn and signOut; their forms work without JavaScript too).
import { action, query } from "@solidjs/router";
import { getSession, signIn, signOut } from "@latch/solid-start";
import { getRequestEvent } from "solid-js/web";
import { authOpts } from "./auth.js";

/** The signed-in user's name, or null. */
export const currentUser = query(async () => {
  "use server";
  const session = await getSession(getRequestEvent()!.request, authOpts);
  return session?.user ? (session.user.name ?? session.user.email ?? "") : null;
}, "current-user");

/** Credentials sign-in from the app's own form: a redirect to the dashboard with the session cookie, or to the sign-in page with `?error=`. */
export const signInAction = action(async (form: FormData) => {
  "use server";
  return signIn(getRequestEvent()!, authOpts, "credentials", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), redirectTo: "/dashboard" });
}, "sign-in");

/** Sign-out from the app's own form. */
export const signOutAction = action(async () => {
  "use server";
  return signOut(getRequestEvent()!, authOpts, { redirectTo: "/" });
}, "sign-out");
