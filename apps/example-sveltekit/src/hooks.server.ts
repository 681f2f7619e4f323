import { redirect, type Handle } from "@sveltejs/kit";
import { sequence } from "@sveltejs/kit/hooks";
import { handle as authentication } from "./auth";
import { notesApiToken } from "$lib/server/notes-api";

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

/**
 * Every path under /api is the notes API, a protected resource: a bearer access token of the
 * authorization server, verified here for pages and endpoints alike, never the session cookie.
 */
const accessTokens: Handle = async ({ event, resolve }) => {
  if (event.url.pathname === "/api" || event.url.pathname.startsWith("/api/")) {
    const token = await notesApiToken(event.request);
    if (token instanceof Response) return token;
    event.locals.accessToken = token;
  }
  return resolve(event);
};

// Latch's handle first: it sets `locals.auth()` that the authorization hook reads.
export const handle = sequence(authentication, authorization, accessTokens);
