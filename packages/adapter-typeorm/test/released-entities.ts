import { Column, Entity, OneToMany } from "typeorm";
import { AccountEntity, AuthenticatorEntity, SessionEntity, VerificationTokenEntity } from "../src/entities.js";

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
  sessions!: SessionEntity[];

  @OneToMany("accounts", "user")
  accounts!: AccountEntity[];
}

/** Every entity as first released. */
export const releasedEntities = [ReleasedUserEntity, AccountEntity, SessionEntity, VerificationTokenEntity, AuthenticatorEntity];
