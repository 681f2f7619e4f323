/**
 * TypeORM adapter for Latch and the entity classes it stores.
 *
 * @module @latch/typeorm
 */
export { TypeORMAdapter, type TypeORMAdapterOptions } from "./adapter.js";
export { defaultEntities, optionsFromConnectionString } from "./data-source.js";
export { TypeORMSchemaMismatch } from "./schema-check.js";
export { emailCollisions, type EmailCollision, type MigrationReport } from "./email-collisions.js";
export { authjsUpgrades, migrate, migrations, prerequisitesOf, type AuthjsUpgrade, type Dialect, type Migration } from "./migrations/index.js";
export {
  AccountEntity,
  ApiKeyEntity,
  AuditEventEntity,
  AuthenticatorEntity,
  InvitationEntity,
  MemberEntity,
  OrganizationEntity,
  OrganizationRoleEntity,
  PasswordEntity,
  SecondFactorEntity,
  SessionEntity,
  SigningKeyEntity,
  TeamEntity,
  TeamMemberEntity,
  UserEntity,
  UserStandingEntity,
  VerificationTokenEntity,
  type JsonValue,
  type LatchEntities,
} from "./entities.js";
