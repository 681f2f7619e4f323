import { signIn } from "@/auth";

// Server-side signIn with redirect: false returns the provider's authorization URL (with the
// extra authorization parameters) instead of redirecting; its check cookies are set.
export async function GET() {
  if (!process.env.AUTH_DEMO_OIDC_ISSUER) return Response.json({ error: "No demo OpenID Provider" }, { status: 404 });
  const url = await signIn("demo-oidc", { redirect: false, redirectTo: "/dashboard" }, { login_hint: "alice@example.com" });
  return Response.json({ url });
}
