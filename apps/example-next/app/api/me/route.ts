import { auth } from "@/auth";

// An App Router Route Handler wrapped by auth(): request.auth is the session.
export const GET = auth((request) => {
  if (!request.auth?.user) return Response.json({ error: "Not signed in" }, { status: 401 });
  return Response.json({ user: request.auth.user });
});
