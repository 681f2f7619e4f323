import type {
  AdapterAccount,
  AdapterAccountType,
  AdapterApiKey,
  AdapterAuditEvent,
  AdapterAuthenticator,
  AdapterInvitation,
  AdapterMember,
  AdapterOrganization,
  AdapterOrganizationRole,
  AdapterPassword,
  AdapterSession,
  AdapterSigningKey,
  AdapterTeam,
  AdapterTeamMember,
  AdapterUser,
  AdapterUserStanding,
  VerificationToken,
} from "@latch/core/adapters";
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, PrimaryGeneratedColumn, Unique } from "typeorm";
import { bigintToNumber, jsonText, nullAsUndefined, optionalBigint, permissionWords, scopeWords, spaceSeparated } from "./transformers.js";

// Every column names its `type`, so nothing depends on emitted decorator metadata. Relations
// name their target by table ("users", "accounts", …), so that an application's subclass
// of an entity (registered instead of the class here) is the one they resolve to.
// Dates use `type: Date`: each driver maps it to its own date-time type.

/** A JSON value, as the `session_state` of an account may be. */
export type JsonValue = string | number | boolean | null | unknown[] | { [key: string]: unknown };

/**
 * A user (table `users`). The id is chosen by Latch (a random UUID) when it creates the user.
 *
 * @example
 * ```ts
 * import { Column, Entity } from "typeorm"
 * import { UserEntity } from "@latch/typeorm"
 *
 * @Entity({ name: "users" })
 * export class AppUser extends UserEntity {
 *   @Column({ type: "varchar", length: 32, default: "member" })
 *   role!: string
 * }
 * ```
 */
@Entity({ name: "users" })
export class UserEntity implements AdapterUser {
  @PrimaryColumn({ type: "varchar", length: 255 })
  id!: string;

  @Column({ type: "varchar", length: 255, nullable: true })
  name!: string | null;

  /**
   * `""` for a user without an email. Unique when not empty: that rule lives in the migrations
   * (a partial index, or a generated column on MariaDB), not in this metadata.
   */
  @Column({ type: "varchar", length: 255, default: "" })
  email!: string;

  @Column({ type: Date, precision: 3, nullable: true, default: null })
  emailVerified!: Date | null;

  @Column({ type: "text", nullable: true })
  image!: string | null;

  @OneToMany("sessions", "user")
  sessions!: SessionEntity[];

  @OneToMany("accounts", "user")
  accounts!: AccountEntity[];
}

/** A provider account linked to a user (table `accounts`). OAuth token fields keep their snake_case names. */
@Entity({ name: "accounts" })
@Unique("accounts_provider_account_key", ["provider", "providerAccountId"])
export class AccountEntity implements AdapterAccount {
  /** Columns a subclass adds, as `AdapterAccount` allows any further token field. */
  [key: string]: unknown;

  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Index()
  @Column({ type: "varchar", length: 255 })
  userId!: string;

  @Column({ type: "varchar", length: 32 })
  type!: AdapterAccountType;

  @Column({ type: "varchar", length: 255 })
  provider!: string;

  @Column({ type: "varchar", length: 255 })
  providerAccountId!: string;

  // The token columns are optional properties, as `AdapterAccount` declares them: NULL reads as undefined.
  @Column({ type: "text", nullable: true, transformer: nullAsUndefined })
  refresh_token?: string;

  @Column({ type: "text", nullable: true, transformer: nullAsUndefined })
  access_token?: string;

  @Column({ type: "bigint", nullable: true, transformer: optionalBigint })
  expires_at?: number;

  @Column({ type: "varchar", length: 255, nullable: true, transformer: nullAsUndefined })
  token_type?: Lowercase<string>;

  @Column({ type: "text", nullable: true, transformer: nullAsUndefined })
  scope?: string;

  @Column({ type: "text", nullable: true, transformer: nullAsUndefined })
  id_token?: string;

  @Column({ type: "simple-json", nullable: true })
  session_state!: JsonValue | null;

  /** Who may refresh the tokens now (migration 4; see `leaseAccount`). */
  @Column({ type: "varchar", length: 64, nullable: true })
  refreshLeaseHolder!: string | null;

  /** Until when that lease runs (migration 4). */
  @Column({ type: Date, precision: 3, nullable: true, default: null })
  refreshLeaseUntil!: Date | null;

  /** The provider's error code when it refused the stored refresh token (migration 5; see `releaseAccount`). */
  @Column({ type: "varchar", length: 64, nullable: true })
  refreshError!: string | null;

  @ManyToOne("users", "accounts", { onDelete: "CASCADE", createForeignKeyConstraints: true })
  @JoinColumn({ name: "userId" })
  user!: UserEntity;
}

/** A database session (table `sessions`). */
@Entity({ name: "sessions" })
export class SessionEntity implements AdapterSession {
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Column({ type: "varchar", length: 255, unique: true })
  sessionToken!: string;

  @Index()
  @Column({ type: "varchar", length: 255 })
  userId!: string;

  @Column({ type: Date, precision: 3 })
  expires!: Date;

  /** When the session started (migration 3; `null` for older sessions). */
  @Column({ type: Date, precision: 3, nullable: true, default: null })
  createdAt!: Date | null;

  /** The last time the session was extended (migration 3). */
  @Column({ type: Date, precision: 3, nullable: true, default: null })
  lastSeenAt!: Date | null;

  /** A short summary of the browser's user agent (migration 3). */
  @Column({ type: "varchar", length: 64, nullable: true })
  userAgent!: string | null;

  /** The client's IP address, only when the app opts in (migration 3). */
  @Column({ type: "varchar", length: 64, nullable: true })
  ip!: string | null;

  /** When the user last proved who they are, in seconds since the epoch (migration 10; `null` for older sessions). */
  @Column({ type: "bigint", nullable: true, transformer: bigintToNumber })
  auth_time!: number | null;

  /** When a second factor was last proven, in seconds since the epoch (migration 10). */
  @Column({ type: "bigint", nullable: true, transformer: bigintToNumber })
  mfa_time!: number | null;

  /** The RFC 8176 methods used, stored separated by spaces (migration 10). */
  @Column({ type: "varchar", length: 255, nullable: true, transformer: spaceSeparated })
  amr!: AdapterSession["amr"];

  /** The organization the session acts for (migration 13), read through the user's membership; `null` for none. */
  @Column({ type: "varchar", length: 255, nullable: true })
  activeOrganizationId!: string | null;

  /** The site administrator who started the session as its user (migration 15); `null` for a session the user started. */
  @Column({ type: "varchar", length: 255, nullable: true })
  impersonatedBy!: string | null;

  @ManyToOne("users", "sessions", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId" })
  user!: UserEntity;
}

/** A single-use email sign-in token (table `verification_tokens`); `token` is stored hashed. */
@Entity({ name: "verification_tokens" })
@Unique("verification_tokens_identifier_token_key", ["identifier", "token"])
export class VerificationTokenEntity implements VerificationToken {
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Column({ type: "varchar", length: 255 })
  token!: string;

  @Column({ type: "varchar", length: 255 })
  identifier!: string;

  @Column({ type: Date, precision: 3 })
  expires!: Date;
}

/** A WebAuthn credential of a user (table `authenticators`). */
@Entity({ name: "authenticators" })
export class AuthenticatorEntity implements AdapterAuthenticator {
  @PrimaryColumn({ type: "varchar", length: 255 })
  credentialID!: string;

  @Index()
  @Column({ type: "varchar", length: 255 })
  userId!: string;

  @Column({ type: "varchar", length: 255 })
  providerAccountId!: string;

  @Column({ type: "text" })
  credentialPublicKey!: string;

  @Column({ type: "bigint", transformer: bigintToNumber })
  counter!: number;

  @Column({ type: "varchar", length: 32 })
  credentialDeviceType!: string;

  @Column({ type: "boolean" })
  credentialBackedUp!: boolean;

  @Column({ type: "varchar", length: 255, nullable: true })
  transports!: string | null;

  @ManyToOne("users", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId" })
  user!: UserEntity;
}

/**
 * A user's password (table `passwords`): the Argon2id PHC string of its hash, never the password.
 * One per user (the user id is the primary key); deleted with the user.
 */
@Entity({ name: "passwords" })
export class PasswordEntity implements AdapterPassword {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "passwords_pkey" })
  userId!: string;

  @Column({ type: "varchar", length: 255 })
  hash!: string;

  @Column({ type: Date, precision: 3 })
  updatedAt!: Date;

  @ManyToOne("users", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId", foreignKeyConstraintName: "passwords_user_fkey" })
  user!: UserEntity;
}

/**
 * Second-factor material of a user (table `second_factors`), one row per item: a TOTP factor
 * (its secret encrypted by Latch), a backup code or an email code (their SHA-256). Deleted with
 * the user.
 */
@Entity({ name: "second_factors" })
@Index("second_factors_user", ["userId", "kind"])
export class SecondFactorEntity {
  @PrimaryColumn({ type: "varchar", length: 64, primaryKeyConstraintName: "second_factors_pkey" })
  id!: string;

  @Column({ type: "varchar", length: 255 })
  userId!: string;

  @Column({ type: "varchar", length: 32 })
  kind!: string;

  @Column({ type: "text" })
  secret!: string;

  @Column({ type: "bigint", nullable: true, transformer: bigintToNumber })
  lastUsedStep!: number | null;

  @Column({ type: "integer", default: 0 })
  attempts!: number;

  @Column({ type: Date, precision: 3, nullable: true })
  confirmedAt!: Date | null;

  @Column({ type: Date, precision: 3, nullable: true })
  expires!: Date | null;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @ManyToOne("users", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId", foreignKeyConstraintName: "second_factors_user_fkey" })
  user!: UserEntity;
}

/**
 * A key `AccessTokens()` signs with (table `signing_keys`), one row per generation: the public
 * JWK and the private one sealed by Latch. The generation is unique, so that of two instances
 * making the same generation at once only the first stores its key. No user owns a key.
 */
@Entity({ name: "signing_keys" })
@Index("signing_keys_generation_key", ["generation"], { unique: true })
export class SigningKeyEntity implements AdapterSigningKey {
  @PrimaryColumn({ type: "varchar", length: 64, primaryKeyConstraintName: "signing_keys_pkey" })
  id!: string;

  @Column({ type: "integer" })
  generation!: number;

  @Column({ type: "varchar", length: 16 })
  algorithm!: string;

  @Column({ type: "text" })
  publicKey!: string;

  @Column({ type: "text" })
  privateKey!: string;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;
}

/**
 * An API key of `ApiKeys()` (table `api_keys`): its public id, the SHA-256 of its secret (never the
 * secret) and its owner by type and id. `userId` is the owner's id while the owner is a user, so
 * that the user's keys go with the user. Scopes are one text separated by spaces (a scope has
 * none); on PostgreSQL the migrations store them as `text[]`, which the adapter reads as it finds it.
 */
@Entity({ name: "api_keys" })
@Index("api_keys_owner", ["ownerType", "ownerId"])
@Index("api_keys_user", ["userId"])
export class ApiKeyEntity implements AdapterApiKey {
  @PrimaryColumn({ type: "varchar", length: 64, primaryKeyConstraintName: "api_keys_pkey" })
  id!: string;

  @Column({ type: "varchar", length: 32 })
  ownerType!: string;

  @Column({ type: "varchar", length: 255 })
  ownerId!: string;

  @Column({ type: "varchar", length: 255, nullable: true })
  userId!: string | null;

  @Column({ type: "varchar", length: 255 })
  name!: string;

  @Column({ type: "text", transformer: scopeWords })
  scopes!: string[];

  @Column({ type: "varchar", length: 64 })
  hash!: string;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @Column({ type: Date, precision: 3, nullable: true })
  expires!: Date | null;

  @Column({ type: Date, precision: 3, nullable: true })
  lastUsedAt!: Date | null;

  @ManyToOne("users", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId", foreignKeyConstraintName: "api_keys_user_fkey" })
  user!: UserEntity;
}

/**
 * An organization of `Organizations()` (table `organizations`, migration 13): its slug is unique.
 * `metadata` is the JSON text of the object (`jsonb` on PostgreSQL).
 */
@Entity({ name: "organizations" })
@Unique("organizations_slug_key", ["slug"])
export class OrganizationEntity implements AdapterOrganization {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "organizations_pkey" })
  id!: string;

  @Column({ type: "varchar", length: 255 })
  name!: string;

  @Column({ type: "varchar", length: 255 })
  slug!: string;

  @Column({ type: "text", nullable: true, transformer: jsonText })
  metadata!: Record<string, unknown> | null;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;
}

/** A user's membership of an organization (table `members`, migration 13), gone with either. */
@Entity({ name: "members" })
@Index("members_user", ["userId"])
export class MemberEntity implements AdapterMember {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "members_pkey" })
  organizationId!: string;

  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "members_pkey" })
  userId!: string;

  @Column({ type: "varchar", length: 64 })
  role!: string;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @ManyToOne("organizations", { onDelete: "CASCADE" })
  @JoinColumn({ name: "organizationId", foreignKeyConstraintName: "members_organization_fkey" })
  organization!: OrganizationEntity;

  @ManyToOne("users", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId", foreignKeyConstraintName: "members_user_fkey" })
  user!: UserEntity;
}

/** An invitation to an organization (table `invitations`, migration 13): the SHA-256 of its token, never the token. */
@Entity({ name: "invitations" })
@Index("invitations_organization", ["organizationId"])
export class InvitationEntity implements AdapterInvitation {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "invitations_pkey" })
  id!: string;

  @Column({ type: "varchar", length: 255 })
  organizationId!: string;

  @Column({ type: "varchar", length: 255 })
  email!: string;

  @Column({ type: "varchar", length: 64 })
  role!: string;

  @Column({ type: "varchar", length: 255 })
  inviterId!: string;

  @Column({ type: "varchar", length: 64 })
  hash!: string;

  @Column({ type: "varchar", length: 16 })
  status!: AdapterInvitation["status"];

  @Column({ type: Date, precision: 3 })
  expires!: Date;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @ManyToOne("organizations", { onDelete: "CASCADE" })
  @JoinColumn({ name: "organizationId", foreignKeyConstraintName: "invitations_organization_fkey" })
  organization!: OrganizationEntity;
}

/**
 * A role an organization made at run time (table `organization_roles`, migration 13), its name
 * unique in the organization. Permissions are one text separated by spaces; on PostgreSQL the
 * migrations store them as `text[]`, which the adapter reads as it finds it.
 */
@Entity({ name: "organization_roles" })
export class OrganizationRoleEntity implements AdapterOrganizationRole {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "organization_roles_pkey" })
  organizationId!: string;

  @PrimaryColumn({ type: "varchar", length: 64, primaryKeyConstraintName: "organization_roles_pkey" })
  name!: string;

  @Column({ type: "text", transformer: permissionWords })
  permissions!: string[];

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @ManyToOne("organizations", { onDelete: "CASCADE" })
  @JoinColumn({ name: "organizationId", foreignKeyConstraintName: "organization_roles_organization_fkey" })
  organization!: OrganizationEntity;
}

/**
 * A user's site role and ban of `Admin()` (table `user_standings`, migration 14): one row per user
 * who has either, gone with the user; a user without one has neither.
 */
@Entity({ name: "user_standings" })
export class UserStandingEntity implements Omit<AdapterUserStanding, "role"> {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "user_standings_pkey" })
  userId!: string;

  /** The site role (`AdapterUserStanding.role`): `siteRole`, as on @latch/pg. */
  @Column({ type: "varchar", length: 64, nullable: true })
  siteRole!: string | null;

  @Column({ type: "boolean", default: false })
  banned!: boolean;

  @Column({ type: "text", nullable: true })
  banReason!: string | null;

  @Column({ type: Date, precision: 3, nullable: true })
  banExpires!: Date | null;

  @ManyToOne("users", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId", foreignKeyConstraintName: "user_standings_user_fkey" })
  user!: UserEntity;
}

/**
 * One event of the audit trail of `AuditTrail()` (table `audit_events`, migration 16): ids only,
 * no foreign key, so that an event outlives its user and organization. Append-only: the adapter
 * never changes or deletes a row (on PostgreSQL, MariaDB and SQLite a trigger refuses it too).
 * `details` is the JSON text of the object; on PostgreSQL the migrations make it `jsonb`.
 */
@Entity({ name: "audit_events" })
@Index("audit_events_at", ["at", "id"])
@Index("audit_events_actor", ["actorUserId", "at", "id"])
@Index("audit_events_subject", ["subjectUserId", "at", "id"])
@Index("audit_events_organization", ["organizationId", "at", "id"])
export class AuditEventEntity implements AdapterAuditEvent {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "audit_events_pkey" })
  id!: string;

  @Column({ type: Date, precision: 3 })
  at!: Date;

  @Column({ type: "varchar", length: 255 })
  action!: string;

  @Column({ type: "varchar", length: 16 })
  outcome!: AdapterAuditEvent["outcome"];

  @Column({ type: "varchar", length: 255, nullable: true })
  actorUserId!: string | null;

  @Column({ type: "varchar", length: 255, nullable: true })
  subjectUserId!: string | null;

  @Column({ type: "varchar", length: 255, nullable: true })
  organizationId!: string | null;

  @Column({ type: "varchar", length: 255, nullable: true })
  network!: string | null;

  @Column({ type: "text", nullable: true })
  userAgent!: string | null;

  @Column({ type: "text", nullable: true, transformer: jsonText })
  details!: AdapterAuditEvent["details"];
}

/** A team inside an organization (table `teams`, migration 17), its name unique in the organization, gone with it. */
@Entity({ name: "teams" })
@Unique("teams_organization_name_key", ["organizationId", "name"])
export class TeamEntity implements AdapterTeam {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "teams_pkey" })
  id!: string;

  @Column({ type: "varchar", length: 255 })
  organizationId!: string;

  @Column({ type: "varchar", length: 255 })
  name!: string;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @ManyToOne("organizations", { onDelete: "CASCADE" })
  @JoinColumn({ name: "organizationId", foreignKeyConstraintName: "teams_organization_fkey" })
  organization!: OrganizationEntity;
}

/**
 * A member of an organization in one of its teams (table `team_members`, migration 17): the row
 * rests on the organization membership (a foreign key on both columns), so it goes with the
 * membership, and with the team.
 */
@Entity({ name: "team_members" })
@Index("team_members_member", ["organizationId", "userId"])
export class TeamMemberEntity implements AdapterTeamMember {
  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "team_members_pkey" })
  teamId!: string;

  @PrimaryColumn({ type: "varchar", length: 255, primaryKeyConstraintName: "team_members_pkey" })
  userId!: string;

  @Column({ type: "varchar", length: 255 })
  organizationId!: string;

  @Column({ type: Date, precision: 3 })
  createdAt!: Date;

  @ManyToOne("teams", { onDelete: "CASCADE" })
  @JoinColumn({ name: "teamId", foreignKeyConstraintName: "team_members_team_fkey" })
  team!: TeamEntity;

  @ManyToOne("members", { onDelete: "CASCADE" })
  @JoinColumn([
    { name: "organizationId", referencedColumnName: "organizationId", foreignKeyConstraintName: "team_members_member_fkey" },
    { name: "userId", referencedColumnName: "userId", foreignKeyConstraintName: "team_members_member_fkey" },
  ])
  member!: MemberEntity;
}

/** The entity classes the adapter uses; pass subclasses to store extra columns. */
export interface LatchEntities {
  UserEntity: typeof UserEntity;
  AccountEntity: typeof AccountEntity;
  SessionEntity: typeof SessionEntity;
  VerificationTokenEntity: typeof VerificationTokenEntity;
  AuthenticatorEntity: typeof AuthenticatorEntity;
  /** Passwords (migration 6): needed by the password methods only. */
  PasswordEntity: typeof PasswordEntity;
  /** Second factors (migration 7): needed by the second-factor methods only. */
  SecondFactorEntity: typeof SecondFactorEntity;
  /** Signing keys of `AccessTokens()` (migration 11): needed by the signing-key methods only. */
  SigningKeyEntity: typeof SigningKeyEntity;
  /** API keys of `ApiKeys()` (migration 12): needed by the API-key methods only. */
  ApiKeyEntity: typeof ApiKeyEntity;
  /** Organizations of `Organizations()` (migration 13): needed by the organization methods only. */
  OrganizationEntity: typeof OrganizationEntity;
  /** Members of organizations (migration 13). */
  MemberEntity: typeof MemberEntity;
  /** Invitations to organizations (migration 13). */
  InvitationEntity: typeof InvitationEntity;
  /** Roles organizations made (migration 13). */
  OrganizationRoleEntity: typeof OrganizationRoleEntity;
  /** Site roles and bans of `Admin()` (migration 14): needed by the site-administration methods only. */
  UserStandingEntity: typeof UserStandingEntity;
  /** Events of `AuditTrail()` (migration 16): needed by the audit-trail methods only. */
  AuditEventEntity: typeof AuditEventEntity;
  /** Teams of `Organizations({ teams: true })` (migration 17): needed by the team methods only. */
  TeamEntity: typeof TeamEntity;
  /** Members of teams (migration 17). */
  TeamMemberEntity: typeof TeamMemberEntity;
}
