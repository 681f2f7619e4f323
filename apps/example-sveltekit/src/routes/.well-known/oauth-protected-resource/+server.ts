import { protectedResourceMetadata } from "@latch/oidc-provider/resource";
import { notesApi } from "$lib/server/notes-api";
import type { RequestHandler } from "./$types";

/** RFC 9728: where a client that met the notes API's 401 finds the authorization server. */
export const GET: RequestHandler = () => {
  const api = notesApi();
  if (!api) return Response.json({ error: "not_found" }, { status: 404 });
  return protectedResourceMetadata(api);
};
