import { redirect, type Handle } from "@sveltejs/kit";
import { sequence } from "@sveltejs/kit/hooks";
import { handle as authentication } from "./auth";

/**
 * Every path under /admin needs a session: checked here, in the request hook, so that pages,
 * endpoints and form actions under the prefix are all covered, whichever way they are reached.
 */
const authorization: Handle = async ({ event, resolve }) => {
  if (event.url.pathname === "/admin" || event.url.pathname.startsWith("/admin/")) {
    const session = await event.locals.auth();
    if (!session?.user) redirect(303, `/signin?redirectTo=${encodeURIComponent(event.url.pathname)}`);
  }
  return resolve(event);
};

// Latch's handle first: it sets `locals.auth()` that the authorization hook reads.
export const handle = sequence(authentication, authorization);
