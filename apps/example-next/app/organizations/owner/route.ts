import { auth } from "@/auth";

const page = (status: number, body: string) =>
  new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Owner settings</title></head><body style="font-family:system-ui,sans-serif;max-width:640px;margin:2rem auto">${body}</body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * A page for owners of the active organization only: the role rides on the session
 * (`session.organization.role`), so the check reads nothing more. Anyone else gets 403.
 */
export async function GET() {
  const session = await auth();
  const organization = session?.organization;
  if (organization?.role !== "owner") return page(403, `<h1>Owner settings</h1><p id="owner-refused">Only an owner of the active organization may open this page.</p><p><a href="/organizations">Back</a></p>`);
  return page(200, `<h1>Owner settings</h1><p id="owner-area">You own the active organization (${organization.slug.replace(/[^a-z0-9-]/g, "")}).</p><p><a href="/organizations">Back</a></p>`);
}
