import { withAccessToken, type VerifiedAccessToken } from "@latch/oidc-provider/resource";

/**
 * The notes API (`/api/notes`) is a protected resource: it accepts access tokens of a Latch
 * authorization server (`@latch/oidc-provider`) running elsewhere, named by `NOTES_API_ISSUER`.
 * Its resource indicator is `NOTES_API_RESOURCE`, by default this site's origin (`AUTH_URL`).
 * Without an issuer the API is not configured: `/api/notes` answers 503 and the metadata 404.
 */
export interface NotesApi {
  readonly issuer: string;
  readonly resource: string;
  readonly scopes: readonly string[];
}

/** What a token must carry to read the notes. */
const scopes = ["notes:read"] as const;

/** The API's settings from the environment, or `undefined` when no issuer is given. */
export function notesApi(): NotesApi | undefined {
  const issuer = process.env.NOTES_API_ISSUER;
  const resource = process.env.NOTES_API_RESOURCE ?? (process.env.AUTH_URL && new URL(process.env.AUTH_URL).origin);
  return issuer && resource ? { issuer, resource, scopes } : undefined;
}

/** The notes a token's subject (a user, or a client acting for itself) may read. */
function notesOf(token: VerifiedAccessToken) {
  return [{ id: "welcome", text: `Notes read by ${token.clientId} for ${token.subject}.` }];
}

let guarded: ((request: Request) => Promise<Response>) | undefined;

/** GET /api/notes: the notes, with a token of the issuer for this resource and `notes:read`. */
export function readNotes(request: Request): Promise<Response> {
  const api = notesApi();
  if (!api) return Promise.resolve(Response.json({ error: "not_configured", error_description: "The notes API has no authorization server (NOTES_API_ISSUER)." }, { status: 503 }));
  // Built once: the guard keeps the issuer's keys it fetched.
  guarded ??= withAccessToken(api, (_request, token) => Response.json({ subject: token.subject, scopes: token.scopes, notes: notesOf(token) }));
  return guarded(request);
}
