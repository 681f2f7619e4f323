// Before anything renders: TRACE, TRACK and CONNECT are refused (no route can export them), and a
// request for a protected page without a session is sent to the sign-in page with the way back.
import { getSession, refuseForbiddenMethods } from "@latch/solid-start";
import { createMiddleware } from "@solidjs/start/middleware";
import { authOpts } from "./lib/auth.js";

const protectedPaths = ["/dashboard"];

export default createMiddleware([
  refuseForbiddenMethods,
  async (event) => {
    const url = new URL(event.req.url);
    if (!protectedPaths.includes(url.pathname)) return;
    const session = await getSession(event.req, authOpts);
    if (session?.user) return;
    const back = `${url.pathname}${url.search}`;
    return new Response(null, { status: 302, headers: { location: `/auth/signin?${new URLSearchParams({ callbackUrl: back })}` } });
  },
]);
