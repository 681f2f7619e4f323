import { env } from "$env/dynamic/private";
import { SvelteKitAuth, type SvelteKitAuthConfig } from "@latch/sveltekit";
import type { Provider } from "@latch/core";
import { Admin } from "@latch/core/admin";
import { Organizations } from "@latch/core/organizations";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import Passkey from "@latch/core/providers/passkey";
import { database } from "$lib/server/database";
import { checkPassword } from "$lib/server/users";

let base: Promise<SvelteKitAuthConfig> | undefined;

/** The app's config, made once: credentials, email (with EMAIL_SERVER), OpenID (with AUTH_DEMO_OIDC_ISSUER), passkeys, organizations, administration. */
function baseConfig(): Promise<SvelteKitAuthConfig> {
  base ??= (async () => {
    const providers: Provider[] = [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: ({ email, password }) => checkPassword(email, password),
      }),
    ];
    if (env.EMAIL_SERVER) providers.push(Nodemailer({ server: env.EMAIL_SERVER, from: "Latch example <no-reply@example.test>" }));
    // Client id and secret come from AUTH_DEMO_OIDC_ID and AUTH_DEMO_OIDC_SECRET.
    if (env.AUTH_DEMO_OIDC_ISSUER) providers.push({ id: "demo-oidc", name: "Demo OpenID", type: "oidc", issuer: env.AUTH_DEMO_OIDC_ISSUER } as Provider);
    providers.push(Passkey());
    return {
      adapter: await database(env.LATCH_EXAMPLE_DATA || undefined),
      session: { strategy: "database" },
      // Passkeys are experimental in Latch, as in Auth.js.
      experimental: { enableWebAuthn: true },
      providers,
      // Organizations: the built-in pages under /auth/organizations, the active one on the session; invitations mailed with EMAIL_SERVER.
      organizations: Organizations(),
      // Site administration: the user ids of EXAMPLE_ADMIN_USER_IDS (comma-separated) may ban a user (POST /auth/admin/ban).
      admin: Admin({ adminUserIds: (env.EXAMPLE_ADMIN_USER_IDS ?? "").split(",").filter(Boolean) }),
    };
  })();
  return base;
}

const brandColor = /^#[0-9a-f]{6}$/i;

/**
 * A lazy config: a function of the request event. Requests that carry an `X-Brand-Color` header
 * (as a platform in front of a multi-brand app might add) get the built-in pages in that colour.
 */
export const { handle, signIn, signOut } = SvelteKitAuth(async (event) => {
  const config = await baseConfig();
  const brand = event.request.headers.get("x-brand-color");
  return brand && brandColor.test(brand) ? { ...config, theme: { brandColor: brand } } : config;
});
