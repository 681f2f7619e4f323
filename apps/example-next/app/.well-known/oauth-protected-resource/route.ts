import { protectedResourceMetadata } from "@latch/oidc-provider/resource";
import { notesApi } from "@/lib/notes-api";

// RFC 9728: where a client that met the notes API's 401 finds the authorization server.
export const dynamic = "force-dynamic";
export function GET() {
  const api = notesApi();
  if (!api) return Response.json({ error: "not_found" }, { status: 404 });
  return protectedResourceMetadata(api);
}
