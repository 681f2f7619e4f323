import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, Unique } from "typeorm";
import { AuthenticatorEntity, VerificationTokenEntity } from "../src/entities.js";
import type { JsonValue } from "../src/entities.js";

/**
 * The user entity as first released (`email` unique, "" included), for building a database the
 * way `synchronize` did before migrations were recorded.
 */
@Entity({ name: "users" })
export class ReleasedUserEntity {
  @Column({ type: "varchar", length: 255, primary: true })
  id!: string;

  @Column({ type: "varchar", length: 255, nullable: true })
  name!: string | null;

  @Column({ type: "varchar", length: 255, unique: true, default: "" })
  email!: string;

  @Column({ type: Date, precision: 3, nullable: true, default: null })
  emailVerified!: Date | null;

  @Column({ type: "text", nullable: true })
  image!: string | null;

  @OneToMany("sessions", "user")
  sessions!: ReleasedSessionEntity[];

  @OneToMany("accounts", "user")
  accounts!: ReleasedAccountEntity[];
}

/** The account entity as first released, before the refresh lease (migration 4). */
@Entity({ name: "accounts" })
@Unique("accounts_provider_account_key", ["provider", "providerAccountId"])
export class ReleasedAccountEntity {
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Index()
  @Column({ type: "varchar", length: 255 })
  userId!: string;

  @Column({ type: "varchar", length: 32 })
  type!: string;

  @Column({ type: "varchar", length: 255 })
  provider!: string;

  @Column({ type: "varchar", length: 255 })
  providerAccountId!: string;

  @Column({ type: "text", nullable: true })
  refresh_token!: string | null;

  @Column({ type: "text", nullable: true })
  access_token!: string | null;

  @Column({ type: "bigint", nullable: true })
  expires_at!: number | null;

  @Column({ type: "varchar", length: 255, nullable: true })
  token_type!: string | null;

  @Column({ type: "text", nullable: true })
  scope!: string | null;

  @Column({ type: "text", nullable: true })
  id_token!: string | null;

  @Column({ type: "simple-json", nullable: true })
  session_state!: JsonValue | null;

  @ManyToOne("users", "accounts", { onDelete: "CASCADE", createForeignKeyConstraints: true })
  @JoinColumn({ name: "userId" })
  user!: ReleasedUserEntity;
}

/** The session entity as first released, before the session details (migration 3). */
@Entity({ name: "sessions" })
export class ReleasedSessionEntity {
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Column({ type: "varchar", length: 255, unique: true })
  sessionToken!: string;

  @Index()
  @Column({ type: "varchar", length: 255 })
  userId!: string;

  @Column({ type: Date, precision: 3 })
  expires!: Date;

  @ManyToOne("users", "sessions", { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId" })
  user!: ReleasedUserEntity;
}

/** Every entity as first released. */
export const releasedEntities = [ReleasedUserEntity, ReleasedAccountEntity, ReleasedSessionEntity, VerificationTokenEntity, AuthenticatorEntity];
