// session.ts: the server functions the pages' loaders and guards call (they run on the server,
// whether the page is rendered there or reached by a navigation in the browser).
import { createServerFn } from "@tanstack/react-start";
import { getRequest } from "@tanstack/react-start/server";
import { getSession, requireSession, signOut } from "./auth";

/** The signed-in user's name, or `null`. */
export const fetchUserName = createServerFn({ method: "GET" }).handler(async () => {
  const session = await getSession(getRequest());
  return session?.user ? (session.user.name ?? session.user.email ?? "") : null;
});

/** The signed-in user's name; without a session, a redirect to the sign-in page and back to `from`. */
export const requireUserName = createServerFn({ method: "GET" })
  .validator((from: string) => String(from))
  .handler(async ({ data: from }) => {
    const session = await requireSession(getRequest(), from);
    return session.user?.name ?? session.user?.email ?? "";
  });

/** Sign-out from the app's own form (`action={signOutHere.url}`): the server-side signOut's redirect, with its cookies. */
export const signOutHere = createServerFn({ method: "POST" }).handler(() => signOut(getRequest(), { redirectTo: "/" }));
