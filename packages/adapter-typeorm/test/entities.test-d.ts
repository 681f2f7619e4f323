/**
 * Compile-only: each entity class is its adapter type (the classes declare `implements`, and a
 * value of each passes where core expects the type), also when an app subclasses one with extra
 * columns. Checked by `npm run typecheck` (`tsc -p tsconfig.json`).
 */
import type { AdapterAccount, AdapterApiKey, AdapterAuthenticator, AdapterPassword, AdapterSession, AdapterUser, VerificationToken } from "@latch/core/adapters";
import { expectTypeOf } from "vitest";
import { AccountEntity, ApiKeyEntity, AuthenticatorEntity, PasswordEntity, SessionEntity, UserEntity, VerificationTokenEntity } from "../src/entities.js";

expectTypeOf<UserEntity>().toExtend<AdapterUser>();
expectTypeOf<AccountEntity>().toExtend<AdapterAccount>();
expectTypeOf<SessionEntity>().toExtend<AdapterSession>();
expectTypeOf<VerificationTokenEntity>().toExtend<VerificationToken>();
expectTypeOf<AuthenticatorEntity>().toExtend<AdapterAuthenticator>();
expectTypeOf<PasswordEntity>().toExtend<AdapterPassword>();
expectTypeOf<ApiKeyEntity>().toExtend<AdapterApiKey>();

// The token columns read as the adapter type declares them: absent, never `null`.
expectTypeOf<AccountEntity["access_token"]>().toEqualTypeOf<string | undefined>();
expectTypeOf<AccountEntity["refresh_token"]>().toEqualTypeOf<string | undefined>();
expectTypeOf<AccountEntity["expires_at"]>().toEqualTypeOf<number | undefined>();
expectTypeOf<AccountEntity["token_type"]>().toEqualTypeOf<Lowercase<string> | undefined>();

/** An app's account with one more column stays an `AdapterAccount`. */
class TenantAccount extends AccountEntity {
  tenant!: string;
}
export const account: AdapterAccount = new TenantAccount();
export const user: AdapterUser = new UserEntity();
