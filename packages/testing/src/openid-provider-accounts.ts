/**
 * End-user accounts of the OpenID Provider and the claims each scope releases.
 */
import type { OpenIDStandardClaims } from "@latch/core/providers";
import type { Configuration } from "oidc-provider";

/**
 * An end-user of the provider. Every field but `sub` is a claim released by the scope that
 * OpenID Connect Core 1.0 section 5.4 assigns it to (`email`, `email_verified` with `email`;
 * `name`, `picture`… with `profile`); claims outside the standard set are released with `profile`.
 */
export interface OpenIDAccount extends OpenIDStandardClaims {
  phone_number_verified?: boolean;
  /** The methods its sign-in uses (RFC 8176: `pwd`, `otp`, `mfa`…), in the ID token's `amr` when a scope releases `amr`. */
  amr?: string[];
  /** Any other claim. */
  [claim: string]: unknown;
}

/** The account used when none is configured. */
export const defaultAccount: OpenIDAccount = {
  sub: "alice",
  email: "alice@example.com",
  email_verified: true,
  name: "Alice Example",
  given_name: "Alice",
  family_name: "Example",
  picture: "https://example.com/alice.png",
};

/** Standard claims per scope (OpenID Connect Core 1.0 section 5.4). */
const standardClaims: Record<string, string[]> = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  phone: ["phone_number", "phone_number_verified"],
  address: ["address"],
  profile: [
    "name",
    "family_name",
    "given_name",
    "middle_name",
    "nickname",
    "preferred_username",
    "profile",
    "picture",
    "website",
    "gender",
    "birthdate",
    "zoneinfo",
    "locale",
    "updated_at",
  ],
};

/**
 * The provider's `claims` configuration: the standard scopes, the claims `scopeClaims` assigns to a scope,
 * and the accounts' other claims under `profile`.
 */
export function claimsByScope(accounts: readonly OpenIDAccount[], scopeClaims: Readonly<Record<string, readonly string[]>> = {}): NonNullable<Configuration["claims"]> {
  const assigned = new Set(Object.values(scopeClaims).flat());
  const known = new Set([...Object.values(standardClaims).flat(), ...assigned]);
  const extra = new Set<string>();
  for (const account of accounts) {
    for (const claim of Object.keys(account)) if (!known.has(claim)) extra.add(claim);
  }
  const claims: Record<string, string[]> = { ...standardClaims, profile: [...(standardClaims.profile ?? []), ...extra] };
  for (const [scope, names] of Object.entries(scopeClaims)) claims[scope] = [...(claims[scope] ?? []), ...names];
  return claims;
}

/** The provider's `findAccount`: looks `sub` up in the live list of accounts. */
export function accountFinder(accounts: readonly OpenIDAccount[]): NonNullable<Configuration["findAccount"]> {
  return (_ctx, sub) => {
    const account = accounts.find((candidate) => candidate.sub === sub);
    if (!account) return undefined;
    return { accountId: account.sub, claims: () => ({ ...account }) };
  };
}
