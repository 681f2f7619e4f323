import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from "typeorm";
import { AccountEntity, AuthenticatorEntity, VerificationTokenEntity } from "../src/entities.js";

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
  accounts!: AccountEntity[];
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
export const releasedEntities = [ReleasedUserEntity, AccountEntity, ReleasedSessionEntity, VerificationTokenEntity, AuthenticatorEntity];
