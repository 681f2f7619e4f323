import { error } from "@sveltejs/kit";
import type { RequestHandler } from "./$types";

/** The notes the token's subject may read; the hook (`src/hooks.server.ts`) verified the token. */
export const GET: RequestHandler = ({ locals }) => {
  const token = locals.accessToken;
  if (!token) error(401);
  return Response.json({ subject: token.subject, scopes: token.scopes, notes: [{ id: "welcome", text: `Notes read by ${token.clientId} for ${token.subject}.` }] });
};
