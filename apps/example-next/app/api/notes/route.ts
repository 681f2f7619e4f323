import { readNotes } from "@/lib/notes-api";

// A protected resource: a bearer access token of the authorization server, never the session cookie.
export const dynamic = "force-dynamic";
export const GET = readNotes;
