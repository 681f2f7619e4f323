// An endpoint that answers 401 without a session, and the user with one.
import type { APIRoute } from "astro";
import { getSession } from "auth-astro/server";

export const GET: APIRoute = async ({ request }) => {
  const session = await getSession(request);
  if (!session?.user) return new Response("Unauthorized", { status: 401 });
  return Response.json({ name: session.user.name, email: session.user.email });
};
